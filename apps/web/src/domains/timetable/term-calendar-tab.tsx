import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { labelOf, PAGE_SIZE_MAX, type TermDay, TermDayKind, termDayKindLabels } from '@lyceum/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useConfirm } from '../../crud/confirm';
import { RowActionButtons, visibleActions } from '../../crud/row-actions';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { TermDayDrawer } from './term-day-drawer';
import { KEYS, type SemesterRef, termDayApi } from './timetable-api';
import { useTimetableTexts, useWeekdayName } from './timetable-texts';

// The semester's calendar exceptions: holidays and closures (no lessons that day) and make-up days
// that follow another weekday's timetable. Generating again applies them to future lessons.
export function TermCalendarTab({ semester }: { semester: SemesterRef }) {
  const { t } = useTimetableTexts();
  const lang = useLang();
  const weekday = useWeekdayName();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const client = useQueryClient();
  const canEdit = usePermission(['teaching:settings']);
  const [editing, setEditing] = useState<TermDay | 'new' | null>(null);
  const days = useQuery({
    queryKey: [KEYS.termDay, 'page', semester.id],
    queryFn: () => termDayApi.page({ semesterId: semester.id, pageIndex: 1, pageSize: PAGE_SIZE_MAX }),
  });
  const reload = () => void client.invalidateQueries({ queryKey: [KEYS.termDay] });

  const actions = visibleActions<TermDay>([
    {
      key: 'edit',
      label: t('common.edit'),
      icon: <EditOutlined />,
      allowed: canEdit,
      onClick: (row) => setEditing(row),
    },
    {
      key: 'delete',
      label: t('common.delete'),
      icon: <DeleteOutlined />,
      danger: true,
      allowed: canEdit,
      onClick: (row) =>
        confirm({
          title: t('tt.termDayDeleteConfirm', { day: row.day }),
          content: t('tt.termDayDeleteHint'),
          danger: true,
          onOk: async () => {
            await termDayApi.remove(row.id);
            message.success(t('common.deleted'));
            reload();
          },
        }),
    },
  ]);

  return (
    <div className="tt-tab">
      <div className="toolbar">
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('tt.addTermDay')}
          </Button>
        )}
        <Typography.Text type="secondary" className="tt-toolbar-hint">
          {t('tt.termHint')}
        </Typography.Text>
      </div>
      <Table<TermDay>
        rowKey="id"
        size="middle"
        loading={days.isFetching}
        dataSource={days.data?.list}
        pagination={false}
        scroll={{ x: 640 }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(canEdit ? 'tt.termEmpty' : 'tt.termEmptyReadOnly', { semester: semester.name })}
            />
          ),
        }}
        columns={[
          {
            title: t('tt.day'),
            dataIndex: 'day',
            width: 170,
            render: (day: string, row) => `${day} · ${weekday(row.weekday)}`,
          },
          { title: t('tt.week'), dataIndex: 'week', width: 90, render: (w: number) => t('tt.weekN', { n: w }) },
          {
            title: t('tt.kind'),
            dataIndex: 'kind',
            width: 130,
            render: (k: TermDay['kind']) => (
              <Tag color={termDayKindLabels[k].color}>{labelOf(termDayKindLabels, k, lang)}</Tag>
            ),
          },
          {
            title: t('tt.timetableThatDay'),
            key: 'follows',
            width: 200,
            render: (_: unknown, row) =>
              row.kind === TermDayKind.MakeUp && row.followsWeekday
                ? t('tt.followsWeekday', { weekday: weekday(row.followsWeekday) })
                : t('tt.noLessons'),
          },
          { title: t('tt.note'), dataIndex: 'note', ellipsis: true, render: (n: string | null) => n ?? '' },
          ...(actions.length
            ? [
                {
                  title: t('common.actions'),
                  key: 'actions',
                  width: 36 * actions.length + 16,
                  render: (_: unknown, row: TermDay) => <RowActionButtons actions={actions} row={row} name={row.day} />,
                },
              ]
            : []),
        ]}
      />
      <TermDayDrawer
        semester={semester}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
    </div>
  );
}
