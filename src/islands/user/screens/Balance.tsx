import type { ScreenProps } from '../context.ts';
import { Ledger } from './Ledger.tsx';

export default function Balance(props: ScreenProps) {
  return <Ledger {...props} kind="balance" />;
}
