import { themeColor } from '../themeColor.tsx';

export default function Head() {
  return themeColor;
}
