import { UnorderedListOutlined } from '@ant-design/icons';
import { type CalendarEntry, ExamState, examStateLabels, examStatusLabels, labelOf, type Team } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { useLang } from '../../shell/i18n';
import { useIsMobile } from '../../shell/layout/use-device';
import { usePermission } from '../../shell/permission';
import { usersByIds } from '../../ui/lookups';
import { timeWindow } from '../../ui/portal-format';
import { personName } from '../../ui/user-search-select';
import { placeOf } from './calendar-entry';
import { ConflictList } from './conflict-list';
import { useScheduleTexts } from './schedule-texts';

export const MANAGEMENT_PATH = '/exam/management';

interface Props {
  entry: CalendarEntry | null;
  teams: Team[];
  onClose: () => void;
}

// One exam of the calendar: when, where, who, and its conflicts, with the way to the exam's row in
// exam management.
export function ExamDetailDrawer({ entry, teams, onClose }: Props) {
  const { t } = useScheduleTexts();
  const lang = useLang();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const canManage = usePermission(['exam:page']);
  const invigilators = useQuery({
    queryKey: ['user', 'byIds', [...(entry?.invigilatorIds ?? [])].sort((a, b) => a - b)],
    queryFn: ({ signal }) => usersByIds(entry?.invigilatorIds ?? [], { signal }),
    enabled: !!entry && entry.invigilatorIds.length > 0,
    staleTime: 60_000,
  });
  const teamNames = entry ? entry.teamIds.map((id) => teams.find((team) => team.id === id)?.name ?? `#${id}`) : [];
  const extra = entry && dayjs(entry.latestEnd).isAfter(dayjs(entry.windowEnd));

  return (
    <Drawer
      open={!!entry}
      onClose={onClose}
      title={entry?.name}
      size={isMobile ? '100%' : 520}
      extra={
        canManage &&
        entry && (
          <Button
            icon={<UnorderedListOutlined />}
            onClick={() => navigate(`${MANAGEMENT_PATH}?keyword=${encodeURIComponent(entry.name)}`)}
          >
            {t('examSchedule.openInList')}
          </Button>
        )
      }
    >
      {entry && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('examSchedule.state')}>
              <Space size={4} wrap>
                <Tag color={examStateLabels[entry.state].color}>{labelOf(examStateLabels, entry.state, lang)}</Tag>
                {entry.state === ExamState.Published && (
                  <Tag color={examStatusLabels[entry.status].color}>
                    {labelOf(examStatusLabels, entry.status, lang)}
                  </Tag>
                )}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('examSchedule.window')}>
              {timeWindow(entry.windowStart, entry.windowEnd)}
            </Descriptions.Item>
            {extra && (
              <Descriptions.Item label={t('examSchedule.latestEnd')}>
                {dayjs(entry.latestEnd).format('YYYY-MM-DD HH:mm')}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('examSchedule.place')}>{placeOf(entry, t)}</Descriptions.Item>
            <Descriptions.Item label={t('examSchedule.candidatesLabel')}>
              {t('examSchedule.candidates', { count: entry.candidateCount })}
            </Descriptions.Item>
            <Descriptions.Item label={t('examSchedule.classes')}>
              {teamNames.length ? teamNames.map((n) => <Tag key={n}>{n}</Tag>) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('examSchedule.invigilators')}>
              {entry.invigilatorIds.length
                ? (invigilators.data ?? []).map((u) => <Tag key={u.id}>{personName(u)}</Tag>)
                : '—'}
            </Descriptions.Item>
          </Descriptions>
          <div>
            <Typography.Title level={5}>{t('examSchedule.conflictsTitle')}</Typography.Title>
            {entry.conflicts.length ? (
              <ConflictList conflicts={entry.conflicts} />
            ) : (
              <Alert type="success" showIcon title={t('examSchedule.noConflicts')} />
            )}
          </div>
        </Space>
      )}
    </Drawer>
  );
}
