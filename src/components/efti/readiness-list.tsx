'use client';
import { useTranslations } from 'next-intl';
import { problemWords } from '@/lib/efti/problem-words';
import type { ReadinessProblem } from '@/lib/efti/readiness';

/** Readiness problems (contract §15) in the party's words: "Carrier's street is missing; authorities require it." */
export function ReadinessList({ problems }: { problems: ReadinessProblem[] }) {
  const t = useTranslations('efti');
  const say = (problem: ReadinessProblem): string => {
    const words = problemWords(problem);
    const party = 'party' in words ? t(`parties.${words.party}` as 'parties.carrier') : '';
    const part = 'part' in words ? (t.has(`parts.${words.part}` as 'parts.name') ? t(`parts.${words.part}` as 'parts.name') : words.part) : '';
    return t(`problems.${words.key}`, { party, part, max: 'max' in words ? (words.max ?? 0) : 0, line: 'line' in words ? words.line : 0 });
  };
  return (
    <ul className="efti-problems" data-testid="efti-problems">
      {problems.map((problem) => (
        <li key={`${problem.path}|${problem.field}|${problem.problem}`} data-path={problem.path} data-field={problem.field}>
          {say(problem)}
        </li>
      ))}
    </ul>
  );
}
