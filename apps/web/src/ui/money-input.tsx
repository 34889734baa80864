import { InputNumber } from 'antd';
import type { CSSProperties } from 'react';
import { useLang } from '../shell/i18n';
import { currencyDigits, currencySymbol, toMajor, toMinor } from './money-format';

interface Props {
  id?: string;
  // Whole minor units (what the form holds and the server takes).
  value?: number | null;
  onChange?: (minor: number | null) => void;
  currency: string;
  // Bounds in minor units.
  min?: number;
  max?: number;
  style?: CSSProperties;
  disabled?: boolean;
  autoFocus?: boolean;
  'aria-label'?: string;
}

// An amount typed in major units (12.30) with the currency's symbol, held as whole minor units
// (1230): the person never types fen, the form never holds a float.
export function MoneyInput({ value, onChange, currency, min = 0, max, ...rest }: Props) {
  const lang = useLang();
  const digits = currencyDigits(currency);
  return (
    <InputNumber<number>
      {...rest}
      prefix={currencySymbol(currency, lang)}
      precision={digits}
      step={digits ? 1 : 100}
      min={toMajor(min, currency)}
      max={max === undefined ? undefined : toMajor(max, currency)}
      value={value === null || value === undefined ? null : toMajor(value, currency)}
      onChange={(major) => onChange?.(major === null ? null : toMinor(major, currency))}
      style={{ width: 180, ...rest.style }}
    />
  );
}
