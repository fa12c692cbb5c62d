import type { ScreenProps } from '../context.ts';
import { Ledger } from './Ledger.tsx';

export default function Integral(props: ScreenProps) {
  return <Ledger {...props} kind="integral" />;
}
