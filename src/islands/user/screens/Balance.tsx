import { useState } from 'react';
import type { ScreenProps } from '../context.ts';
import { TopUp } from '../components/TopUp.tsx';
import { Ledger } from './Ledger.tsx';

/** The balance: topping it up, and its history (reloaded when a top-up is paid). */
export default function Balance(props: ScreenProps) {
  const [version, setVersion] = useState(0);
  return (
    <div data-screen="balance">
      <TopUp onPaid={() => setVersion((v) => v + 1)} />
      <Ledger {...props} kind="balance" version={version} />
    </div>
  );
}
