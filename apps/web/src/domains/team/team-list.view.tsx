import { TeamOutlined } from '@ant-design/icons';
import { type ResourceMeta, type Team, teamMeta, zTeamCreate } from '@lyceum/contract';
import { Button, Form, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { SelectFilter } from '../../crud/filter-fields';
import { ResourceScreen } from '../../crud/resource-screen';
import { usePermission } from '../../shell/permission';
import { useTeamTexts } from './i18n';
import { TEAM_DETAIL_PATH, useMajors, useSemesters } from './team-api';
import { TeamEditor } from './team-editor';
import { MajorName, SemesterName, TeacherName, TeacherSelect } from './team-fields';

// The class teacher is named through the user look-ups rather than the whole user list the meta's
// reference would load (teachers may not read it).
const listMeta: ResourceMeta = {
  ...teamMeta,
  fields: teamMeta.fields.map((f) => (f.key === 'classTeacherId' ? { ...f, ref: undefined } : f)),
};

// Classes: the office sees every class, a teacher the classes they lead. Rows open the class's page.
export default function TeamListView() {
  const { t } = useTeamTexts();
  const navigate = useNavigate();
  const majors = useMajors();
  const semesters = useSemesters();
  const seesAll = usePermission(['team:all']);
  // Majors are departments; who may not read those (a teacher) gets neither the column nor the filter
  // until class rows carry the major's name.
  const namesMajors = usePermission(['department:page']);
  const open = (team: Team) => navigate(`${TEAM_DETAIL_PATH}?id=${team.id}`);

  const columns: TableColumnsType<Team> = [
    {
      title: t('team.name'),
      dataIndex: 'name',
      width: 240,
      sorter: true,
      render: (name: string, team) => (
        <Button
          type="link"
          style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
          aria-label={t('team.open', { name })}
          onClick={() => open(team)}
        >
          {name}
        </Button>
      ),
    },
    { title: t('team.gradeYear'), dataIndex: 'gradeYear', width: 110, sorter: true },
    ...(namesMajors
      ? [
          {
            title: t('team.major'),
            dataIndex: 'majorId',
            width: 170,
            render: (id: number | null) => <MajorName id={id} />,
          },
        ]
      : []),
    {
      title: t('team.semester'),
      dataIndex: 'semesterId',
      width: 190,
      render: (id: number | null) => <SemesterName id={id} />,
    },
    {
      title: t('team.classTeacher'),
      dataIndex: 'classTeacherId',
      width: 150,
      render: (id: number | null) => <TeacherName id={id} />,
    },
    { title: t('team.memberCount'), dataIndex: 'memberCount', width: 110, align: 'right', sorter: true },
  ];

  return (
    <ResourceScreen<Team>
      meta={listMeta}
      schema={zTeamCreate}
      slots={{
        emptyText: seesAll ? t('team.empty') : t('team.emptyOwn'),
        createLabel: t('team.create'),
        // Members are imported on a class's own page; the list exports the classes.
        transfer: 'export',
        columns: () => columns,
        filterFormName: 'team-filter',
        filters: ({ keyword, fields }) => (
          <>
            {keyword}
            {fields.gradeYear}
            {namesMajors && (
              <SelectFilter
                name="majorId"
                label={t('team.major')}
                width={170}
                searchable
                loading={majors.isPending}
                options={majors.data}
              />
            )}
            <SelectFilter
              name="semesterId"
              label={t('team.semester')}
              width={200}
              loading={semesters.isPending}
              options={semesters.data}
            />
            {seesAll && (
              <Form.Item name="classTeacherId" label={t('team.classTeacher')}>
                <TeacherSelect style={{ width: 170 }} placeholder={t('common.all')} />
              </Form.Item>
            )}
          </>
        ),
        rowActions: [
          {
            key: 'detail',
            label: t('team.detail'),
            icon: <TeamOutlined />,
            allowed: true,
            onClick: open,
          },
        ],
        deleteConfirm: (team) => ({
          title: t('team.deleteConfirm', { name: team.name }),
          content: t('team.deleteHint', { count: team.memberCount }),
        }),
        editor: ({ editing, close, saved }) => (
          <TeamEditor
            open={!!editing}
            teamId={editing?.kind === 'edit' ? editing.row.id : null}
            onClose={close}
            onSaved={saved}
          />
        ),
      }}
    />
  );
}
