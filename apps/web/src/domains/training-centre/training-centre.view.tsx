import { type TrainingCentre, trainingCentreMeta, zTrainingCentreCreate } from '@lyceum/contract';
import { type TableColumnsType, Typography } from 'antd';
import { ResourceScreen } from '../../crud/resource-screen';
import { CentreEditor } from './centre-editor';
import { useCentreTexts } from './training-centre-texts';

// Training centres (trainingCentre:*): where sessions are held, with their rooms and whom to call;
// edited in a drawer, exported to Excel. A centre a session names is not deleted.
export default function TrainingCentreView() {
  const { t } = useCentreTexts();
  const columns = (base: TableColumnsType<TrainingCentre>): TableColumnsType<TrainingCentre> => {
    const byKey = (key: string) => base.find((c) => c.key === key) ?? {};
    return [
      { ...byKey('name'), width: 200 },
      { ...byKey('code'), width: 100 },
      { ...byKey('address'), width: 200 },
      {
        ...byKey('contacts'),
        width: 220,
        render: (_: unknown, c) =>
          c.contacts.length ? (
            c.contacts.map((p) => (
              <div key={`${p.name}-${p.phone ?? ''}`}>
                {p.name}
                {p.role ? ` · ${p.role}` : ''}
                {p.phone ? <Typography.Text type="secondary"> {p.phone}</Typography.Text> : null}
              </div>
            ))
          ) : (
            <Typography.Text type="secondary">{t('trainingCentre.noContacts')}</Typography.Text>
          ),
      },
      {
        ...byKey('venues'),
        width: 220,
        render: (_: unknown, c) =>
          c.venues.length ? (
            c.venues.map((v) => (
              <div key={v.id}>
                {v.name}{' '}
                <Typography.Text type="secondary">{t('trainingCentre.seats', { count: v.capacity })}</Typography.Text>
              </div>
            ))
          ) : (
            <Typography.Text type="secondary">{t('trainingCentre.noVenues')}</Typography.Text>
          ),
      },
    ];
  };
  return (
    <ResourceScreen<TrainingCentre>
      meta={trainingCentreMeta}
      schema={zTrainingCentreCreate}
      slots={{
        createLabel: t('trainingCentre.create'),
        transfer: 'export',
        columns,
        deleteConfirm: (row) => ({ title: t('trainingCentre.deleteConfirm', { name: row.name }) }),
        emptyText: t('trainingCentre.empty'),
        editor: ({ editing, close, saved }) => <CentreEditor editing={editing} onClose={close} onSaved={saved} />,
      }}
    />
  );
}
