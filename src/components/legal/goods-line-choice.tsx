'use client';
/** The goods lines a reservation may name: a document's, or the hand-over page's view of them. */
export type ReservableGoods = {
  structuredGoods: readonly { productId?: number; name: string; numberOfPackages?: number | null; methodOfPackaging?: string | null }[];
};

/** Goods lines to tick for a reservation (their `productId`s); nothing when the document has no structured goods. */
export function GoodsLineChoice(props: {
  idPrefix: string;
  document: ReservableGoods;
  selected: readonly number[];
  onChange: (selected: number[]) => void;
  legend: string;
  large?: boolean;
}) {
  const lines = props.document.structuredGoods.filter((line) => line.productId !== undefined);
  if (lines.length === 0) return null;
  return (
    <fieldset className="choice-list">
      <legend>{props.legend}</legend>
      {lines.map((line) => {
        const id = line.productId!;
        return (
          <label key={id} className={`choice${props.large ? ' choice-large' : ''}`}>
            <input
              type="checkbox"
              name={`${props.idPrefix}-line`}
              value={id}
              checked={props.selected.includes(id)}
              onChange={(event) => props.onChange(event.target.checked ? [...props.selected, id] : props.selected.filter((other) => other !== id))}
            />
            <span>
              {line.name}
              {line.numberOfPackages !== undefined ? ` · ${line.numberOfPackages}` : ''}
              {line.methodOfPackaging ? ` ${line.methodOfPackaging}` : ''}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
