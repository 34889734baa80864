import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined, SwapOutlined } from '@ant-design/icons';
import { difficultyLabels, labelOf, questionTypeLabels } from '@lyceum/contract';
import { Button, InputNumber, Space, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { OneLineHtml } from '../../rich-text/one-line';
import { useLang } from '../../shell/i18n';
import { usePaperTexts } from './i18n';
import { type DraftItem, type DraftSection, moveItem, swap } from './paper-draft';
import type { PaperBuilderState } from './use-paper-builder';

interface ItemsProps {
  builder: PaperBuilderState;
  section: DraftSection;
}

// A section's questions: number (and drag handle), stem, type, difficulty, score, and the actions
// of an editable paper. A row is a drop target: a question dropped on it goes before it.
export function SectionItems({ builder, section }: ItemsProps) {
  const { t } = usePaperTexts();
  const lang = useLang();
  const { draft, editable, info, numbers, dragged } = builder;
  const columns: TableColumnsType<DraftItem> = [
    {
      title: t('paper.no'),
      key: 'no',
      width: 70,
      render: (_: unknown, item) => (
        <Space size={4}>
          {editable && (
            <span
              className="paper-drag"
              draggable
              role="img"
              aria-label={t('paper.drag', { n: numbers.get(item.key) })}
              onDragStart={() => {
                dragged.current = item.key;
              }}
            >
              <HolderOutlined />
            </span>
          )}
          {numbers.get(item.key)}
        </Space>
      ),
    },
    {
      title: t('paper.stem'),
      key: 'stem',
      ellipsis: true,
      render: (_: unknown, item) => <ItemStem builder={builder} item={item} />,
    },
    {
      title: t('paper.type'),
      key: 'type',
      width: 120,
      render: (_: unknown, item) => {
        const q = info.get(item.questionId);
        return q && <Tag color="blue">{labelOf(questionTypeLabels, q.type, lang)}</Tag>;
      },
    },
    {
      title: t('paper.difficulty'),
      key: 'difficulty',
      width: 100,
      render: (_: unknown, item) => {
        const q = info.get(item.questionId);
        return (
          q && <Tag color={difficultyLabels[q.difficulty].color}>{labelOf(difficultyLabels, q.difficulty, lang)}</Tag>
        );
      },
    },
    {
      title: t('paper.score'),
      key: 'score',
      width: 100,
      render: (_: unknown, item) => (
        <InputNumber
          size="small"
          min={0.5}
          max={1000}
          step={0.5}
          disabled={!editable}
          aria-label={t('paper.scoreOf', { n: numbers.get(item.key) })}
          value={item.score}
          onChange={(v) => v !== null && builder.patchItem(section, item.key, { score: v })}
          style={{ width: 80 }}
        />
      ),
    },
    ...(editable
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            width: 150,
            render: (_: unknown, item: DraftItem, index: number) => (
              <ItemActions builder={builder} section={section} item={item} index={index} />
            ),
          },
        ]
      : []),
  ];
  return (
    <Table<DraftItem>
      rowKey="key"
      size="small"
      pagination={false}
      dataSource={section.items}
      scroll={{ x: 760 }}
      locale={{ emptyText: t('paper.emptySection') }}
      onRow={(item) =>
        editable
          ? {
              onDragOver: (e) => e.preventDefault(),
              onDrop: (e) => {
                e.preventDefault();
                if (dragged.current) builder.change(moveItem(draft, dragged.current, section.key, item.key));
                dragged.current = null;
              },
            }
          : {}
      }
      columns={columns}
    />
  );
}

// A question's stem, marked when drawn by a rule, on the paper twice, or since changed in the bank.
function ItemStem({ builder, item }: { builder: PaperBuilderState; item: DraftItem }) {
  const { t } = usePaperTexts();
  const { info, twice, numbers } = builder;
  const q = info.get(item.questionId);
  const others = (twice.get(item.questionId) ?? []).filter((n) => n !== numbers.get(item.key));
  return (
    <Space size={4} wrap={false}>
      {item.ruleId && <Tag color="purple">{t('paper.drawnTag')}</Tag>}
      <span>{q ? <OneLineHtml html={q.stem} /> : `#${item.questionId}`}</span>
      {others.length > 0 && <Tag color="red">{t('paper.usedTwice', { other: others.join(', ') })}</Tag>}
      {q?.version !== undefined && q.currentVersion !== undefined && q.currentVersion > q.version && (
        <Tooltip title={t('paper.newerVersion', { version: q.version, current: q.currentVersion })}>
          <Tag color="gold">v{q.version}</Tag>
        </Tooltip>
      )}
    </Space>
  );
}

// A question's actions: swap (a drawn one, on a saved paper), move up or down, remove.
function ItemActions({ builder, section, item, index }: ItemsProps & { item: DraftItem; index: number }) {
  const { t } = usePaperTexts();
  const { patchSection } = builder;
  const n = builder.numbers.get(item.key);
  return (
    <Space size={0}>
      {item.ruleId && item.id && (
        <Tooltip title={t('paper.swap', { n })}>
          <Button
            type="text"
            size="small"
            icon={<SwapOutlined />}
            disabled={builder.dirty}
            aria-label={t('paper.swap', { n })}
            onClick={() => void builder.swapItem(item, n)}
          />
        </Tooltip>
      )}
      <Button
        type="text"
        size="small"
        icon={<ArrowUpOutlined />}
        disabled={index === 0}
        aria-label={t('paper.moveUp', { n })}
        onClick={() => patchSection(section.key, { items: swap(section.items, index, index - 1) })}
      />
      <Button
        type="text"
        size="small"
        icon={<ArrowDownOutlined />}
        disabled={index === section.items.length - 1}
        aria-label={t('paper.moveDown', { n })}
        onClick={() => patchSection(section.key, { items: swap(section.items, index, index + 1) })}
      />
      <Button
        type="text"
        size="small"
        danger
        icon={<DeleteOutlined />}
        aria-label={t('paper.remove', { n })}
        onClick={() =>
          patchSection(section.key, {
            items: section.items.filter((i) => i.key !== item.key),
          })
        }
      />
    </Space>
  );
}
