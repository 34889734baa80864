import type { Page, User } from '@lyceum/contract';
import { Form, Input, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Paged } from '../../crud/resource-api';
import { ResourceListPage } from '../../crud/resource-list-page';
import { type RowAction, RowActionButtons, visibleActions } from '../../crud/row-actions';
import { usePagedList } from '../../crud/use-paged-list';
import { useLang } from '../../shell/i18n';
import { baseUserColumns, statusTag } from './user-columns';

export type PeopleFilter = { userName?: string; realName?: string; keyword?: string };

interface Props {
  queryKey: string;
  fetchPage: (req: Paged<PeopleFilter>, cancel: { signal?: AbortSignal }) => Promise<Page<User>>;
  emptyText: string;
  // The teacher list filters by user and real name; the student list by one keyword.
  filter: 'names' | 'keyword';
  // Buttons in each row (the students list's accommodations), each behind its permission.
  actions?: RowAction<User>[];
}

// Read-only lists of people of one kind (teachers, students).
export function PeopleList({ queryKey, fetchPage, emptyText, filter, actions = [] }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const list = usePagedList<User, PeopleFilter>(queryKey, fetchPage, {});
  const columns: TableColumnsType<User> = [
    ...baseUserColumns(t, lang),
    { title: t('user.email'), dataIndex: 'email', width: 220, ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: t('user.status'), dataIndex: 'status', width: 100, render: (s: User['status']) => statusTag(s, lang) },
  ];
  const shown = visibleActions(actions);
  if (shown.length)
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: Math.max(80, 44 * shown.length + 16),
      render: (_: unknown, user: User) => <RowActionButtons actions={shown} row={user} name={user.realName} />,
    });
  const input = <Input allowClear placeholder={t('user.keywordPlaceholder')} style={{ width: 160 }} />;
  return (
    <ResourceListPage<User, PeopleFilter>
      list={list}
      columns={columns}
      emptyText={emptyText}
      filterFields={
        filter === 'names' ? (
          <>
            <Form.Item name="userName" label={t('user.userName')}>
              {input}
            </Form.Item>
            <Form.Item name="realName" label={t('user.realName')}>
              {input}
            </Form.Item>
          </>
        ) : (
          <Form.Item name="keyword" label={t('user.keyword')}>
            {input}
          </Form.Item>
        )
      }
    />
  );
}
