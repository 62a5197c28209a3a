'use client';
import { useTranslations } from 'next-intl';
import { Field, fieldId } from '@/components/forms/field';
import { Fieldset } from '@/components/forms/fieldset';
import { SelectField } from '@/components/forms/select-field';
import { TextAreaField } from '@/components/forms/textarea-field';
import { GroupErrors } from '@/components/forms/group-errors';
import { useEnumLabel } from '@/components/i18n/labels';
import { GOODS_TEXT_FIELDS, GOODS_TYPES, VOLUME_UNITS, WEIGHT_UNITS, type DocumentFormState, type GoodsLineForm } from '@/lib/portal/document-form';
import type { PlacedErrors } from './placed-errors';

interface GoodsFieldsetProps {
  idPrefix: string;
  state: Pick<DocumentFormState, 'goodsMode' | 'goods' | 'structuredGoods'>;
  errors: PlacedErrors;
  onModeChange: (mode: DocumentFormState['goodsMode']) => void;
  onGoodsChange: (goods: string) => void;
  onLineChange: (index: number, patch: Partial<GoodsLineForm>) => void;
  onAddLine: () => void;
  onRemoveLine: (index: number) => void;
}

/** Labels: `documents.goods.modes`. */
const MODES = ['structured', 'text'] as const;

export const ADD_LINE_BUTTON = 'add-goods-line';
/** Shown on demand (issue 12: a shorter form): what identifies or values a line beyond its name, packages and weight. */
const FOLDED_GOODS: ReadonlySet<string> = new Set(['shortName', 'commercialValue', 'currency', 'ssccCode', 'eanCode', 'internalCode', 'statisticalNumber']);

/**
 * The goods: free text or structured lines (spec §2.3, §2.5), never both. Errors of the whole (3.40, 3.41)
 * sit on the goods text in text mode and on this group in structured mode.
 */
export function GoodsFieldset({ idPrefix, state, errors, onModeChange, onGoodsChange, onLineChange, onAddLine, onRemoveLine }: GoodsFieldsetProps) {
  const t = useTranslations('documents.goods');
  const portal = useTranslations('portal.party');
  const label = useEnumLabel();
  const structured = state.goodsMode === 'structured';
  // Units may be left empty (—): the API then takes none.
  const unitOptions = (group: 'weightUnit' | 'volumeUnit', units: readonly string[]) => [
    { value: '', label: '—' },
    ...units.map((unit) => ({ value: unit, label: label(group, unit) })),
  ];
  return (
    <Fieldset idPrefix={idPrefix} path={structured ? 'goods' : 'goods-section'} legend={<h2>{t('legend')}</h2>} errors={structured ? errors.all('goods') : []}>
      <fieldset className="fieldset fieldset-inner">
        <legend>{t('modeQuestion')}</legend>
        <div className="radio-row">
          {MODES.map((mode) => {
            const id = fieldId(idPrefix, `goodsMode-${mode}`);
            return (
              <label key={mode} htmlFor={id} className="checkbox-label">
                <input id={id} type="radio" name="goodsMode" value={mode} checked={state.goodsMode === mode} onChange={() => onModeChange(mode)} />
                <span>{t(`modes.${mode}`)}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {structured ? (
        <div id={fieldId(idPrefix, 'structuredGoods')} tabIndex={-1} className="rows">
          <GroupErrors id={`${fieldId(idPrefix, 'structuredGoods')}-error`} errors={errors.all('structuredGoods')} />
          {state.structuredGoods.map((line, index) => {
            const path = `structuredGoods[${index}]`;
            return (
              <Fieldset key={line.key} idPrefix={idPrefix} path={path} legend={t('line', { number: index + 1 })} errors={errors.all(path)} className="row">
                <div className="grid">
                  <SelectField
                    idPrefix={idPrefix}
                    name={`${path}.type`}
                    label={t('kind')}
                    options={GOODS_TYPES.map((type) => ({ value: type, label: label('goodsType', type) }))}
                    value={line.type}
                    onChange={(event) => onLineChange(index, { type: event.target.value })}
                    error={errors.at(`${path}.type`)}
                  />
                  {GOODS_TEXT_FIELDS.filter((field) => !FOLDED_GOODS.has(field.key)).map((field) => {
                    const input = (
                      <Field
                        key={field.key}
                        idPrefix={idPrefix}
                        name={`${path}.${field.key}`}
                        label={t(`fields.${field.key}`)}
                        optional={field.key !== 'name'}
                        hint={'hint' in field ? t(`hints.${field.key}`) : undefined}
                        inputMode={'inputMode' in field ? field.inputMode : undefined}
                        maxLength={'maxLength' in field ? field.maxLength : undefined}
                        autoComplete="off"
                        value={line[field.key]}
                        onChange={(event) => onLineChange(index, { [field.key]: event.target.value })}
                        error={errors.at(`${path}.${field.key}`)}
                      />
                    );
                    if (field.key === 'weight' || field.key === 'volume') {
                      const unit = field.key === 'weight' ? 'weightUnit' : 'volumeUnit';
                      return (
                        <div key={field.key} className="pair">
                          {input}
                          <SelectField
                            idPrefix={idPrefix}
                            name={`${path}.${unit}`}
                            label={field.key === 'weight' ? t('weightUnit') : t('volumeUnit')}
                            options={field.key === 'weight' ? unitOptions('weightUnit', WEIGHT_UNITS) : unitOptions('volumeUnit', VOLUME_UNITS)}
                            value={line[unit]}
                            onChange={(event) => onLineChange(index, { [unit]: event.target.value })}
                            error={errors.at(`${path}.${unit}`)}
                          />
                        </div>
                      );
                    }
                    return input;
                  })}
                </div>
                {/* Codes and value are for some shipments only: folded, and opened by an error inside. */}
                <details
                  className="party-more"
                  open={GOODS_TEXT_FIELDS.some((field) => FOLDED_GOODS.has(field.key) && errors.at(`${path}.${field.key}`)) || undefined}
                >
                  <summary>{portal('moreGoodsDetails')}</summary>
                  <div className="grid">
                    {GOODS_TEXT_FIELDS.filter((field) => FOLDED_GOODS.has(field.key)).map((field) => (
                      <Field
                        key={field.key}
                        idPrefix={idPrefix}
                        name={`${path}.${field.key}`}
                        label={t(`fields.${field.key}`)}
                        optional
                        hint={'hint' in field ? t(`hints.${field.key}`) : undefined}
                        inputMode={'inputMode' in field ? field.inputMode : undefined}
                        maxLength={'maxLength' in field ? field.maxLength : undefined}
                        autoComplete="off"
                        value={line[field.key]}
                        onChange={(event) => onLineChange(index, { [field.key]: event.target.value })}
                        error={errors.at(`${path}.${field.key}`)}
                      />
                    ))}
                  </div>
                </details>
                <div className="actions">
                  <button type="button" className="button button-secondary" onClick={() => onRemoveLine(index)}>
                    {t('removeLine', { number: index + 1 })}
                  </button>
                </div>
              </Fieldset>
            );
          })}
          <div className="actions">
            <button type="button" id={fieldId(idPrefix, ADD_LINE_BUTTON)} className="button button-secondary" onClick={onAddLine}>
              {t('addLine')}
            </button>
          </div>
        </div>
      ) : (
        <TextAreaField
          idPrefix={idPrefix}
          name="goods"
          label={t('description')}
          hint={t('descriptionHint')}
          rows={5}
          value={state.goods}
          onChange={(event) => onGoodsChange(event.target.value)}
          error={errors.at('goods')}
        />
      )}
    </Fieldset>
  );
}
