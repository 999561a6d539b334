// UI: a number input that keeps what is typed until it is a number.

import { useState } from 'react';

interface Props {
  label: string;
  /** Accessible name when the visible label is ambiguous. */
  ariaLabel?: string;
  /** A line of documentation, shown on hover. */
  title?: string;
  value: number;
  min?: number;
  max?: number;
  step?: number | 'any';
  onChange(value: number): void;
}

/** A labelled number input that keeps what the user types until it is a number. */
export function NumberField({ label, ariaLabel, title, value, min, max, step, onChange }: Props) {
  const [text, setText] = useState(String(value));
  // A new value from outside replaces the text (React's "adjust state when a prop changes").
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(String(value));
  }
  return (
    <label title={title}>
      {label}
      <input
        type="number"
        inputMode="decimal"
        aria-label={ariaLabel}
        value={text}
        min={min}
        max={max}
        step={step}
        onChange={(e) => {
          setText(e.target.value);
          const v = e.target.valueAsNumber;
          if (Number.isFinite(v)) onChange(v);
        }}
      />
    </label>
  );
}
