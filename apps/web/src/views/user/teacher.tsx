import type { User, UserFilter } from '@lyceum/contract';
import { Form, Input, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../crud/resource-list-page';
import { usePagedList } from '../../crud/use-paged-list';
import { useLang } from '../../shell/i18n';
import { teacherPage } from './user-api';
import { baseUserColumns, statusTag } from './user-columns';

export default function TeacherListView() {
  const { t } = useTranslation();
  const lang = useLang();
  const list = usePagedList<User, UserFilter>('teacher', teacherPage, {});
  const columns: TableColumnsType<User> = [
    ...baseUserColumns(t, lang),
    { title: t('user.email'), dataIndex: 'email', width: 200, render: (v: string | null) => v ?? '—' },
    { title: t('user.status'), dataIndex: 'status', width: 100, render: (s: User['status']) => statusTag(s, lang) },
  ];
  return (
    <ResourceListPage<User, UserFilter>
      list={list}
      columns={columns}
      emptyText={t('user.teachersEmpty')}
      scrollX={1200}
      filterFields={
        <>
          <Form.Item name="userName" label={t('user.userName')}>
            <Input allowClear placeholder={t('user.keywordPlaceholder')} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="realName" label={t('user.realName')}>
            <Input allowClear placeholder={t('user.keywordPlaceholder')} style={{ width: 160 }} />
          </Form.Item>
        </>
      }
    />
  );
}
