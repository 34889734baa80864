import {
  type ResourceMeta,
  type ScreenPrefix,
  type TrainingProgramme,
  trainingProgrammeMeta,
  zTrainingProgrammeCreate,
} from '@lyceum/contract';
import { type TableColumnsType, Tag } from 'antd';
import { ResourceScreen } from '../../crud/resource-screen';
import { usePermission } from '../../shell/permission';
import { useSessionTexts } from './session-texts';

// Programmes are read with training:page and written with training:programme alone.
const meta: ResourceMeta = { ...trainingProgrammeMeta, permission: 'training' as ScreenPrefix };

// Training programmes: the hours that complete one, how long its certificate lasts, whether
// bookings wait for approval, and how many sessions it has.
export function ProgrammesTab() {
  const { t } = useSessionTexts();
  const can = usePermission(['training:programme']);
  const columns = (base: TableColumnsType<TrainingProgramme>): TableColumnsType<TrainingProgramme> => {
    const byKey = (key: string) => base.find((c) => c.key === key) ?? {};
    return [
      { ...byKey('name'), width: 220 },
      { ...byKey('code'), width: 100 },
      { ...byKey('hoursRequired'), width: 110, align: 'right' },
      {
        ...byKey('validityMonths'),
        width: 140,
        render: (_: unknown, p) =>
          p.validityMonths ? t('trainingSession.months', { count: p.validityMonths }) : t('trainingSession.forever'),
      },
      {
        ...byKey('requiresApproval'),
        width: 100,
        render: (_: unknown, p) =>
          p.requiresApproval ? (
            <Tag color="processing">{t('trainingSession.yes')}</Tag>
          ) : (
            <Tag>{t('trainingSession.no')}</Tag>
          ),
      },
      { ...byKey('sessions'), width: 80, align: 'right' },
    ];
  };
  return (
    <ResourceScreen<TrainingProgramme>
      meta={meta}
      schema={zTrainingProgrammeCreate}
      slots={{
        can: { create: can, update: can, remove: can },
        createLabel: t('trainingSession.programmeCreate'),
        transfer: false,
        columns,
        deleteLock: (row) => row.sessions > 0 && t('trainingSession.programmeInUse'),
        deleteConfirm: (row) => ({ title: t('trainingSession.programmeDeleteConfirm', { name: row.name }) }),
        emptyText: t('trainingSession.programmesEmpty'),
      }}
    />
  );
}
