import {
  type LiveClassRow,
  labelOf,
  livePhaseLabels,
  liveProviderKindLabels,
  RecordingMode,
  recordingModeLabels,
  recordingVisibilityLabels,
} from '@lyceum/contract';
import { Button, Descriptions, Drawer, Space, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import type { RowAction } from '../../crud/row-actions';
import { useLang } from '../../shell/i18n';
import { useIsMobile } from '../../shell/layout/use-device';
import { TIME } from '../../ui/portal-format';
import { minutesBetween, ruleSentence, useLiveTexts, whenLines } from './live-words';

// The phase of a live class as a coloured tag (with the reason when it was cancelled).
export function PhaseTag({ row }: { row: Pick<LiveClassRow, 'phase' | 'cancelReason'> }) {
  const lang = useLang();
  const tag = <Tag color={livePhaseLabels[row.phase].color}>{labelOf(livePhaseLabels, row.phase, lang)}</Tag>;
  return row.cancelReason ? <Tooltip title={row.cancelReason}>{tag}</Tooltip> : tag;
}

// One live class in full (opened from the calendar or its title in the list), with the actions the
// caller may take on it, labelled.
export function LiveDetailDrawer({
  row,
  actions,
  onClose,
}: {
  row: LiveClassRow | null;
  actions: RowAction<LiveClassRow>[];
  onClose: () => void;
}) {
  const { t } = useLiveTexts();
  const lang = useLang();
  const isMobile = useIsMobile();
  const shown = actions.filter((a) => a.allowed !== false).map((a) => (row && a.swap?.(row)) || a);
  return (
    <Drawer
      title={row?.title}
      open={row !== null}
      onClose={onClose}
      size={isMobile ? '100%' : 560}
      destroyOnHidden
      extra={row && <PhaseTag row={row} />}
    >
      {row && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="live-detail">
          <Space wrap>
            {shown
              .filter((a) => a.allowed !== false)
              .map((a) => {
                const why = a.disabled?.(row);
                const button = (
                  <Button
                    key={a.key}
                    icon={a.icon}
                    danger={a.danger}
                    disabled={!!why}
                    onClick={() => {
                      // The row shown here is the one read before: it closes on anything that changes it.
                      if (a.key !== 'join') onClose();
                      a.onClick(row);
                    }}
                  >
                    {a.label}
                  </Button>
                );
                return why ? (
                  <Tooltip key={a.key} title={why}>
                    <span>{button}</span>
                  </Tooltip>
                ) : (
                  button
                );
              })}
          </Space>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'when', label: t('live.when'), children: whenLines(row.startsAt, row.endsAt).join(' ') },
              { key: 'opens', label: t('live.opensAt'), children: dayjs(row.opensAt).format(TIME) },
              { key: 'classes', label: t('live.classes'), children: row.teamNames.join(', ') || '—' },
              {
                key: 'course',
                label: t('live.course'),
                children: row.courseTitle ? [row.courseTitle, row.lessonTitle].filter(Boolean).join(' › ') : '—',
              },
              { key: 'teachers', label: t('live.teachers'), children: row.teacherNames.join(', ') },
              {
                key: 'provider',
                label: t('live.provider'),
                children: [labelOf(liveProviderKindLabels, row.providerKind, lang), row.providerName ?? row.externalUrl]
                  .filter(Boolean)
                  .join(' · '),
              },
              {
                key: 'recording',
                label: t('live.recording'),
                children:
                  row.recordingMode === RecordingMode.Off
                    ? labelOf(recordingModeLabels, row.recordingMode, lang)
                    : `${labelOf(recordingModeLabels, row.recordingMode, lang)} · ${labelOf(recordingVisibilityLabels, row.recordingVisibility, lang)}`,
              },
              {
                key: 'rule',
                label: t('live.sectionAttendance'),
                children: ruleSentence(
                  t,
                  row.presentPercent,
                  row.lateAfterMinutes,
                  minutesBetween(row.startsAt, row.endsAt),
                ),
              },
              ...(row.cancelReason
                ? [{ key: 'reason', label: t('live.cancelReason'), children: row.cancelReason }]
                : []),
            ]}
          />
          {row.description && (
            <Typography.Paragraph className="live-description">{row.description}</Typography.Paragraph>
          )}
        </Space>
      )}
    </Drawer>
  );
}
