import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Empty, Input, Select, Space, Table, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { searchingProps, useTypedSearch } from '../../crud/typed-search';
import { personName } from '../../ui/user-search-select';
import { useTeamTexts } from './i18n';
import { findStudents } from './team-api';

// One member in the editor: the saved row's id (kept on save), the student and the day they joined.
export interface MemberLine {
  id?: number | null;
  userId: number;
  joinDate: string | null;
  userName: string;
  realName: string;
}

const DATE = 'YYYY-MM-DD';
const PAGE_SIZE = 8;

// The members of a class being edited: students added by search (several at once, joining today
// unless changed), each one's join date, and removal (which takes effect when the class is saved).
export function MemberEditor({ members, onChange }: { members: MemberLine[]; onChange: (m: MemberLine[]) => void }) {
  const { t } = useTeamTexts();
  const { open, keyword, selectProps } = useTypedSearch();
  const [picked, setPicked] = useState<number[]>([]);
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const found = useQuery({
    queryKey: ['user', 'studentList', keyword],
    queryFn: ({ signal }) => findStudents(keyword, { signal }),
    enabled: open,
    staleTime: 30_000,
  });
  const inClass = useMemo(() => new Set(members.map((m) => m.userId)), [members]);
  // Names of picked students stay known after the search changes.
  const [known, setKnown] = useState(new Map<number, { userName: string; realName: string }>());
  useEffect(() => {
    if (!found.data?.length) return;
    setKnown((prev) => {
      const next = new Map(prev);
      for (const u of found.data) next.set(u.id, u);
      return next;
    });
  }, [found.data]);

  const options = (found.data ?? []).map((u) => ({
    value: u.id,
    label: personName(u),
    disabled: inClass.has(u.id),
    title: inClass.has(u.id) ? t('team.alreadyMember') : undefined,
  }));
  for (const id of picked) {
    const u = known.get(id);
    if (u && !options.some((o) => o.value === id))
      options.unshift({ value: id, label: personName({ ...u, id, avatar: null }), disabled: false, title: undefined });
  }

  function add() {
    const today = dayjs().format(DATE);
    const added = picked
      .filter((id) => !inClass.has(id))
      .map((id) => ({
        id: null,
        userId: id,
        joinDate: today,
        userName: known.get(id)?.userName ?? `#${id}`,
        realName: known.get(id)?.realName ?? '',
      }));
    onChange([...members, ...added]);
    setPicked([]);
    setFilter('');
    // The new members show on the last page.
    setPage(Math.max(1, Math.ceil((members.length + added.length) / PAGE_SIZE)));
  }

  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? members.filter((m) => m.userName.toLowerCase().includes(needle) || m.realName.toLowerCase().includes(needle))
    : members;
  const update = (userId: number, change: Partial<MemberLine>) =>
    onChange(members.map((m) => (m.userId === userId ? { ...m, ...change } : m)));

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Space.Compact style={{ width: '100%' }}>
        <Select
          mode="multiple"
          aria-label={t('team.addStudents')}
          placeholder={t('team.studentSearch')}
          style={{ flex: 1, minWidth: 0 }}
          value={picked}
          onChange={setPicked}
          {...selectProps}
          options={options}
          {...searchingProps(found.isFetching, t('team.noStudentFound'))}
          maxTagCount="responsive"
        />
        <Button icon={<UserAddOutlined />} disabled={!picked.length} onClick={add}>
          {picked.length ? t('team.addCount', { count: picked.length }) : t('team.add')}
        </Button>
      </Space.Compact>
      {members.length > PAGE_SIZE && (
        <Input.Search
          allowClear
          placeholder={t('team.filterMembers')}
          aria-label={t('team.filterMembers')}
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value);
            setPage(1);
          }}
          style={{ maxWidth: 280 }}
        />
      )}
      <Table<MemberLine>
        size="small"
        rowKey="userId"
        dataSource={shown}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('team.noMembersYet')} /> }}
        pagination={
          shown.length > PAGE_SIZE
            ? { pageSize: PAGE_SIZE, current: page, onChange: setPage, size: 'small', showSizeChanger: false }
            : false
        }
        columns={[
          {
            title: t('team.student'),
            key: 'student',
            render: (_: unknown, m) => (
              <span>
                {m.realName || m.userName}{' '}
                <Typography.Text type="secondary">{m.realName ? m.userName : ''}</Typography.Text>
              </span>
            ),
          },
          {
            title: t('team.joinDate'),
            dataIndex: 'joinDate',
            width: 170,
            render: (value: string | null, m) => (
              <DatePicker
                size="small"
                format={DATE}
                aria-label={t('team.joinDateOf', { name: m.realName || m.userName })}
                value={value ? dayjs(value) : null}
                placeholder={t('team.today')}
                onChange={(d) => update(m.userId, { joinDate: d ? d.format(DATE) : null })}
              />
            ),
          },
          {
            title: t('common.actions'),
            key: 'remove',
            width: 72,
            align: 'center',
            render: (_: unknown, m) => (
              <Tooltip title={t('team.removeMember')}>
                <Button
                  type="link"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('team.removeMemberNamed', { name: m.realName || m.userName })}
                  onClick={() => onChange(members.filter((x) => x.userId !== m.userId))}
                />
              </Tooltip>
            ),
          },
        ]}
      />
    </Space>
  );
}
