import type { BlankRules } from '@lyceum/contract';
import { Button, InputNumber, Popover, Select, Space, Typography } from 'antd';
import { useQuestionTexts } from './i18n';

interface Props {
  // The blank's number, from 1.
  n: number;
  value: BlankRules | undefined;
  onChange: (rules: BlankRules | undefined) => void;
}

type Switch = 'inherit' | 'on' | 'off';
type Case = 'inherit' | 'ignore' | 'sensitive';
type Tolerance = 'inherit' | 'none' | 'absolute' | 'relative';

const switchOf = (v: boolean | undefined): Switch => (v === undefined ? 'inherit' : v ? 'on' : 'off');
const boolOf = (s: Switch) => (s === 'inherit' ? undefined : s === 'on');
// A relative tolerance is kept as a share (0.05) and edited as a percentage (5).
const asPercent = (share: number) => Math.round(share * 100 * 1e6) / 1e6;

// Only the rules the blank sets; none at all is no `rules`, so the blank follows the question.
function cleaned(rules: BlankRules): BlankRules | undefined {
  const entries = Object.entries(rules).filter(([, v]) => v !== undefined);
  return entries.length ? (Object.fromEntries(entries) as BlankRules) : undefined;
}

// A blank's own rules (a cloze question's blanks: one case-sensitive, one numeric within 0.01), over
// the question's, behind a button that shows how many the blank sets.
export function BlankRulesButton({ n, value, onChange }: Props) {
  const { t } = useQuestionTexts();
  const rules = value ?? {};
  // How many rules the blank sets (a tolerance and its mode are one rule).
  const count = [rules.ignoreCase, rules.wildcards, rules.numericTolerance].filter((v) => v !== undefined).length;
  const set = (patch: BlankRules) => onChange(cleaned({ ...rules, ...patch }));
  const toleranceKind: Tolerance =
    rules.numericTolerance === undefined
      ? 'inherit'
      : rules.numericTolerance === null
        ? 'none'
        : rules.toleranceMode === 'relative'
          ? 'relative'
          : 'absolute';
  const relative = toleranceKind === 'relative';
  const names = { n };
  const inherit = { value: 'inherit' as const, label: t('question.asQuestion') };

  function setTolerance(kind: Tolerance) {
    if (kind === 'inherit') return set({ numericTolerance: undefined, toleranceMode: undefined });
    if (kind === 'none') return set({ numericTolerance: null, toleranceMode: undefined });
    set({ numericTolerance: rules.numericTolerance ?? 0, toleranceMode: kind });
  }

  const content = (
    <Space orientation="vertical" size={8} style={{ width: 300 }}>
      <Typography.Text type="secondary">{t('question.ownRulesHint')}</Typography.Text>
      <Space>
        <span style={{ display: 'inline-block', width: 110 }}>{t('question.caseRule')}</span>
        <Select<Case>
          aria-label={`${t('question.ownRulesOf', names)}: ${t('question.caseRule')}`}
          style={{ width: 170 }}
          value={rules.ignoreCase === undefined ? 'inherit' : rules.ignoreCase ? 'ignore' : 'sensitive'}
          onChange={(c) => set({ ignoreCase: c === 'inherit' ? undefined : c === 'ignore' })}
          options={[
            inherit,
            { value: 'ignore', label: t('question.ignoreCase') },
            { value: 'sensitive', label: t('question.caseSensitive') },
          ]}
        />
      </Space>
      <Space>
        <span style={{ display: 'inline-block', width: 110 }}>{t('question.wildcards')}</span>
        <Select<Switch>
          aria-label={`${t('question.ownRulesOf', names)}: ${t('question.wildcards')}`}
          style={{ width: 170 }}
          value={switchOf(rules.wildcards)}
          onChange={(s) => set({ wildcards: boolOf(s) })}
          options={[inherit, { value: 'on', label: t('question.on') }, { value: 'off', label: t('question.off') }]}
        />
      </Space>
      <Space align="start">
        <span style={{ display: 'inline-block', width: 110 }}>{t('question.numericTolerance')}</span>
        <Space orientation="vertical" size={4}>
          <Select<Tolerance>
            aria-label={`${t('question.ownRulesOf', names)}: ${t('question.toleranceMode')}`}
            style={{ width: 170 }}
            value={toleranceKind}
            onChange={setTolerance}
            options={[
              inherit,
              { value: 'none', label: t('question.toleranceNone') },
              { value: 'absolute', label: t('question.toleranceAbsolute') },
              { value: 'relative', label: t('question.toleranceRelative') },
            ]}
          />
          {(toleranceKind === 'absolute' || relative) && (
            <InputNumber
              aria-label={`${t('question.ownRulesOf', names)}: ${t('question.numericTolerance')}`}
              min={0}
              step={relative ? 1 : 0.01}
              style={{ width: 170 }}
              addonAfter={relative ? '%' : undefined}
              value={relative ? asPercent(rules.numericTolerance ?? 0) : rules.numericTolerance}
              onChange={(v) => set({ numericTolerance: relative ? (v ?? 0) / 100 : (v ?? 0) })}
            />
          )}
        </Space>
      </Space>
    </Space>
  );

  return (
    <Popover trigger="click" title={t('question.ownRulesOf', names)} content={content}>
      <Button size="small" type={count ? 'primary' : 'default'} ghost={count > 0}>
        {t('question.ownRules')}
        {count > 0 && ` (${count})`}
      </Button>
    </Popover>
  );
}
