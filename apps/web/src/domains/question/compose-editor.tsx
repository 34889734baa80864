import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, DownOutlined, PlusOutlined } from '@ant-design/icons';
import { labelOf, questionTypeLabels } from '@lyceum/contract';
import { Button, Card, Dropdown, Empty, Space, Tooltip } from 'antd';
import { useLang } from '../../shell/i18n';
import { CoreEditor } from './core-editor';
import { Field } from './editor-field';
import { useQuestionTexts } from './i18n';
import { type ChildType, type CoreDraft, emptyCore } from './question-draft';

const CHILD_TYPES: ChildType[] = [1, 2, 3, 4, 5];

interface Props {
  items: CoreDraft[];
  onChange: (items: CoreDraft[]) => void;
}

// The child questions of a compose question, each with its own mini-editor.
export function ComposeEditor({ items, onChange }: Props) {
  const { t } = useQuestionTexts();
  const lang = useLang();
  const move = (i: number, by: number) => {
    const next = [...items];
    const [item] = next.splice(i, 1);
    next.splice(i + by, 0, item);
    onChange(next);
  };

  return (
    <Field path="children" label={t('question.children')} required noLabelFor>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        {items.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('question.noChildren')} />}
        {items.map((child, i) => (
          <Card
            // biome-ignore lint/suspicious/noArrayIndexKey: a child's place is its identity in the form
            key={i}
            size="small"
            type="inner"
            title={`${t('question.child', { n: i + 1 })} · ${labelOf(questionTypeLabels, child.type, lang)}`}
            extra={
              <Space size={0}>
                <Tooltip title={t('question.moveUp')}>
                  <Button
                    type="text"
                    icon={<ArrowUpOutlined />}
                    disabled={i === 0}
                    aria-label={`${t('question.moveUp')} ${i + 1}`}
                    onClick={() => move(i, -1)}
                  />
                </Tooltip>
                <Tooltip title={t('question.moveDown')}>
                  <Button
                    type="text"
                    icon={<ArrowDownOutlined />}
                    disabled={i === items.length - 1}
                    aria-label={`${t('question.moveDown')} ${i + 1}`}
                    onClick={() => move(i, 1)}
                  />
                </Tooltip>
                <Tooltip title={t('question.removeChild', { n: i + 1 })}>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('question.removeChild', { n: i + 1 })}
                    onClick={() => onChange(items.filter((_, j) => j !== i))}
                  />
                </Tooltip>
              </Space>
            }
          >
            <CoreEditor
              q={child}
              prefix={`children.${i}.`}
              onChange={(next) => onChange(items.map((c, j) => (j === i ? next : c)))}
            />
          </Card>
        ))}
        <Dropdown
          trigger={['click']}
          disabled={items.length >= 20}
          menu={{
            items: CHILD_TYPES.map((type) => ({ key: String(type), label: labelOf(questionTypeLabels, type, lang) })),
            onClick: ({ key }) => onChange([...items, emptyCore(Number(key) as ChildType)]),
          }}
        >
          <Button type="dashed" icon={<PlusOutlined />}>
            {t('question.addChild')} <DownOutlined />
          </Button>
        </Dropdown>
      </Space>
    </Field>
  );
}
