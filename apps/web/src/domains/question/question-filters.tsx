import { difficultyLabels, enumValues, labelOf, questionTypeLabels } from '@lyceum/contract';
import { Checkbox, DatePicker, Form, Input, InputNumber, Select, Space, Tooltip, TreeSelect } from 'antd';
import type { Dayjs } from 'dayjs';
import { useLang } from '../../shell/i18n';
import { TagTreeSelect, useSubjectOptions } from './classification-fields';
import { useQuestionTexts } from './i18n';
import { type QuestionFilter, useCommonLists, useUsers } from './question-api';

type FilterForm = Omit<QuestionFilter, 'createdFrom' | 'createdTo' | 'statDifficultyMin' | 'statDifficultyMax'> & {
  created?: [Dayjs | null, Dayjs | null] | null;
  // Measured difficulty bounds as typed: whole percentages.
  measuredFrom?: number | null;
  measuredTo?: number | null;
};

const share = (percent: number | null | undefined) =>
  percent === null || percent === undefined ? undefined : percent / 100;

// The filter form's values as the list's filter: a date range becomes createdFrom / createdTo (whole
// days), measured percentages become shares, and an unticked box no filter at all.
export function toQuestionFilter(values: Record<string, unknown>): QuestionFilter {
  const { created, measuredFrom, measuredTo, poorDiscrimination, ...rest } = values as FilterForm;
  return {
    ...rest,
    keyword: rest.keyword?.trim() || undefined,
    createdFrom: created?.[0]?.startOf('day').toISOString(),
    createdTo: created?.[1]?.endOf('day').toISOString(),
    statDifficultyMin: share(measuredFrom),
    statDifficultyMax: share(measuredTo),
    poorDiscrimination: poorDiscrimination || undefined,
  };
}

// The items of the question list's filter bar (the list frame holds the form and its buttons).
export function QuestionFilterItems() {
  const { t } = useQuestionTexts();
  const lang = useLang();
  const lists = useCommonLists();
  const users = useUsers();
  const subjects = useSubjectOptions();
  const select = { allowClear: true, placeholder: t('common.all'), showSearch: { optionFilterProp: 'label' } };

  return (
    <>
      <Form.Item name="keyword" label={t('question.keyword')}>
        <Input allowClear style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="type" label={t('question.type')}>
        <Select
          {...select}
          style={{ width: 150 }}
          options={enumValues(questionTypeLabels).map((v) => ({
            value: v,
            label: labelOf(questionTypeLabels, v, lang),
          }))}
        />
      </Form.Item>
      <Form.Item name="difficulty" label={t('question.difficulty')}>
        <Select
          {...select}
          style={{ width: 130 }}
          options={enumValues(difficultyLabels).map((v) => ({ value: v, label: labelOf(difficultyLabels, v, lang) }))}
        />
      </Form.Item>
      <Form.Item name="categoryId" label={t('question.category')}>
        <Select
          {...select}
          style={{ width: 160 }}
          loading={lists.isPending}
          options={lists.data?.categoryList.map((c) => ({ value: c.id, label: c.name }))}
        />
      </Form.Item>
      <Form.Item name="subjectId" label={t('question.subject')}>
        <TreeSelect
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          placeholder={t('common.all')}
          style={{ width: 180 }}
          treeData={subjects}
          popupMatchSelectWidth={false}
        />
      </Form.Item>
      <Form.Item name="tagId" label={t('question.tag')}>
        <TagTreeSelect width={200} />
      </Form.Item>
      {!users.isError && (
        <Form.Item name="creatorId" label={t('question.creator')}>
          <Select
            {...select}
            style={{ width: 160 }}
            loading={users.isPending}
            options={users.data?.map((u) => ({ value: u.id, label: `${u.realName} (${u.userName})` }))}
          />
        </Form.Item>
      )}
      <Form.Item name="created" label={t('question.dateRange')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} />
      </Form.Item>
      <Form.Item label={t('question.measuredRange')} tooltip={t('question.measuredLegend')} htmlFor="q-measured-from">
        <Space.Compact>
          <Form.Item name="measuredFrom" noStyle>
            <InputNumber
              id="q-measured-from"
              aria-label={t('question.measuredFrom')}
              min={0}
              max={100}
              placeholder="0"
              style={{ width: 80 }}
            />
          </Form.Item>
          <Form.Item
            name="measuredTo"
            noStyle
            dependencies={['measuredFrom']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, to: number | null | undefined) => {
                  const from = getFieldValue('measuredFrom') as number | null | undefined;
                  return from != null && to != null && from > to
                    ? Promise.reject(new Error(t('question.measuredRangeError')))
                    : Promise.resolve();
                },
              }),
            ]}
          >
            <InputNumber
              aria-label={t('question.measuredTo')}
              min={0}
              max={100}
              placeholder="100"
              style={{ width: 80 }}
            />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="poorDiscrimination" valuePropName="checked">
        <Checkbox>
          <Tooltip title={t('question.poorDiscriminationHint')}>{t('question.poorDiscrimination')}</Tooltip>
        </Checkbox>
      </Form.Item>
    </>
  );
}
