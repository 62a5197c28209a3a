'use client';
import { useTranslations } from 'next-intl';
import { MAX_SEARCH_LENGTH } from '@/lib/portal/document-list-state';

interface DocumentSearchProps {
  /** The search in the URL now. */
  value: string;
  pending: boolean;
  onSearch: (text: string) => void;
}

/** One box that finds documents by service number, reference, party name or place (case and accents ignored). */
export function DocumentSearch({ value, pending, onSearch }: DocumentSearchProps) {
  const t = useTranslations('portal.search');
  return (
    <search className="panel search-box">
      <form
        method="get"
        action="/documents"
        // Reset to the URL's search when it changes (back, forward, links).
        key={value}
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(String(new FormData(event.currentTarget).get('q') ?? '').trim());
        }}
      >
        <label htmlFor="document-search">{t('label')}</label>
        <p className="hint" id="document-search-hint">
          {t('hint')}
        </p>
        <div className="search-row">
          <input
            id="document-search"
            className="input"
            name="q"
            type="search"
            defaultValue={value}
            maxLength={MAX_SEARCH_LENGTH}
            autoComplete="off"
            aria-describedby="document-search-hint"
            enterKeyHint="search"
          />
          <button type="submit" className="button button-primary" aria-busy={pending || undefined}>
            {t('button')}
          </button>
        </div>
      </form>
    </search>
  );
}
