'use client';

/** One choice among a few as radio rows; `large` on the tablet, where a glove hits a whole row, not a 16px dot. */
export function RadioChoices<T extends string>(props: {
  name: string;
  legend: string;
  values: readonly T[];
  value: T;
  onChange: (value: T) => void;
  labelOf: (value: T) => string;
  large?: boolean;
}) {
  return (
    <fieldset className="choice-list">
      <legend>{props.legend}</legend>
      {props.values.map((candidate) => (
        <label key={candidate} className={`choice${props.large ? ' choice-large' : ''}`}>
          <input type="radio" name={props.name} value={candidate} checked={props.value === candidate} onChange={() => props.onChange(candidate)} />
          <span>{props.labelOf(candidate)}</span>
        </label>
      ))}
    </fieldset>
  );
}
