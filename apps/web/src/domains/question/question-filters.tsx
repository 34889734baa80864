import { difficultyLabels, questionTypeLabels } from '@lyceum/contract';
import { DatePicker, Form, InputNumber, Space, Tooltip, TreeSelect } from 'antd';
import type { Dayjs } from 'dayjs';
import { CheckFilter, EnumFilter, KeywordFilter, SelectFilter } from '../../crud/filter-fields';
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
  const lists = useCommonLists();
  const users = useUsers();
  const subjects = useSubjectOptions();

  return (
    <>
      <KeywordFilter label={t('question.keyword')} />
      <EnumFilter name="type" label={t('question.type')} labels={questionTypeLabels} width={150} searchable />
      <EnumFilter name="difficulty" label={t('question.difficulty')} labels={difficultyLabels} width={130} searchable />
      <SelectFilter
        name="categoryId"
        label={t('question.category')}
        width={160}
        searchable
        loading={lists.isPending}
        options={lists.data?.categoryList.map((c) => ({ value: c.id, label: c.name }))}
      />
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
        <SelectFilter
          name="creatorId"
          label={t('question.creator')}
          width={160}
          searchable
          loading={users.isPending}
          options={users.data?.map((u) => ({ value: u.id, label: `${u.realName} (${u.userName})` }))}
        />
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
      <CheckFilter name="poorDiscrimination">
        <Tooltip title={t('question.poorDiscriminationHint')}>{t('question.poorDiscrimination')}</Tooltip>
      </CheckFilter>
    </>
  );
}
