import { PlusOutlined } from '@ant-design/icons';
import {
  type LiveClassRow,
  labelOf,
  liveClassMeta,
  liveClassStatusLabels,
  liveProviderKindLabels,
  type ResourceMeta,
  type ScreenPrefix,
  zLiveClassCreate,
} from '@lyceum/contract';
import { Button, DatePicker, Form, type TableColumnsType, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { EnumFilter } from '../../crud/filter-fields';
import { ResourceScreen } from '../../crud/resource-screen';
import { useLang } from '../../shell/i18n';
import { ClassFilter } from '../../ui/class-filter';
import { TeacherSelect } from '../../ui/teacher-select';
import type { LiveFilter } from './live-api';
import { PhaseTag } from './live-detail';
import type { LiveScreen } from './live-screen';
import { DAY, editable, isDraft, useLiveTexts, whenLines } from './live-words';

// The live classes' permissions are liveClass:create (one's own) and liveClass:all rather than the
// kit's create/update/delete trio, so the prefix is not a ScreenPrefix: the screen says who may
// change what through `can` and the rows' `manageable`; the kit reads the prefix for the Excel export
// (liveClass:export) only.
const meta: ResourceMeta = { ...liveClassMeta, permission: 'liveClass' as ScreenPrefix };

const toFilter = (v: Record<string, unknown>): LiveFilter => {
  const range = v.days as [Dayjs | null, Dayjs | null] | null | undefined;
  return {
    keyword: (v.keyword as string | undefined)?.trim() || undefined,
    status: v.status as LiveFilter['status'],
    teamId: (v.teamId as number | undefined) ?? undefined,
    teacherId: (v.teacherId as number | null | undefined) ?? undefined,
    from: range?.[0]?.format(DAY),
    to: range?.[1]?.format(DAY),
  };
};

// The list of live classes: by days, class, teacher and state; each row's actions follow its state
// and the caller's rights. A title opens the class in full.
export function LiveListTab({ screen }: { screen: LiveScreen }) {
  const { t } = useLiveTexts();
  const lang = useLang();
  const { actions, canManage, openDetail, startEditing } = screen;
  const notOwn = (row: LiveClassRow) => !row.manageable && t('live.notYours');

  const columns = (base: TableColumnsType<LiveClassRow>): TableColumnsType<LiveClassRow> => {
    const startsAt = base.find((c) => c.key === 'startsAt');
    return [
      {
        key: 'title',
        dataIndex: 'title',
        title: t('live.title'),
        width: 230,
        sorter: true,
        render: (title: string, row) => (
          <div>
            <Button
              type="link"
              className="live-link"
              onClick={() => openDetail(row)}
              aria-label={t('live.openName', { name: title })}
            >
              {title}
            </Button>
            {row.courseTitle && (
              <Typography.Text type="secondary" className="live-sub">
                {[row.courseTitle, row.lessonTitle].filter(Boolean).join(' › ')}
              </Typography.Text>
            )}
          </div>
        ),
      },
      {
        ...startsAt,
        key: 'startsAt',
        dataIndex: 'startsAt',
        title: t('live.when'),
        width: 150,
        render: (_: unknown, row) => {
          const [day, times] = whenLines(row.startsAt, row.endsAt);
          return (
            <div>
              <div>{day}</div>
              <Typography.Text type="secondary" className="live-sub">
                {times}
              </Typography.Text>
            </div>
          );
        },
      },
      {
        key: 'phase',
        title: t('live.status'),
        width: 130,
        render: (_: unknown, row) => (
          <div>
            <PhaseTag row={row} />
            {row.recordingCount > 0 && (
              <Typography.Text type="secondary" className="live-sub">
                {t('live.recordingsCount', { count: row.recordingCount })}
              </Typography.Text>
            )}
          </div>
        ),
      },
      {
        key: 'teamNames',
        title: t('live.classes'),
        width: 170,
        render: (_: unknown, row) => row.teamNames.join(', ') || '—',
      },
      {
        key: 'teacherNames',
        title: t('live.teachers'),
        width: 140,
        render: (_: unknown, row) => row.teacherNames.join(', '),
      },
      {
        key: 'providerKind',
        title: t('live.provider'),
        width: 150,
        render: (_: unknown, row) => (
          <div>
            <div>{labelOf(liveProviderKindLabels, row.providerKind, lang)}</div>
            {row.providerName && (
              <Typography.Text type="secondary" className="live-sub">
                {row.providerName}
              </Typography.Text>
            )}
          </div>
        ),
      },
    ];
  };

  return (
    <ResourceScreen<LiveClassRow>
      meta={meta}
      schema={zLiveClassCreate}
      slots={{
        can: { create: canManage, update: canManage, remove: canManage },
        create: canManage && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => startEditing({ kind: 'create' })}>
            {t('live.create')}
          </Button>
        ),
        onEdit: (row) => startEditing({ kind: 'edit', row }),
        rowActions: actions,
        editLock: (row) => notOwn(row) || (!editable(row) && t('live.editLock')),
        deleteLock: (row) => notOwn(row) || (!isDraft(row) && t('live.deleteLock')),
        deleteConfirm: (row) => ({ title: t('live.deleteConfirm', { name: row.title }) }),
        canSelect: (row) => isDraft(row) && row.manageable,
        transfer: 'export',
        columns,
        filterFormName: 'live-filter',
        toFilter,
        filters: ({ keyword }) => (
          <>
            <Form.Item name="days" label={t('live.days')}>
              <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 240 }} />
            </Form.Item>
            <EnumFilter name="status" label={t('live.status')} labels={liveClassStatusLabels} width={120} />
            <ClassFilter label={t('live.class')} width={170} searchable />
            <Form.Item name="teacherId" label={t('live.teacher')}>
              <TeacherSelect placeholder={t('common.all')} style={{ width: 160 }} />
            </Form.Item>
            {keyword}
          </>
        ),
        emptyText: t('live.empty'),
        scrollX: 1200,
      }}
    />
  );
}
