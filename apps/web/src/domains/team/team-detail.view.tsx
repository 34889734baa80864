import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Result, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { usePermission } from '../../shell/permission';
import { useTeamTexts } from './i18n';
import './team.css';
import { useTeamOfTab } from './team-api';
import { TeamEditor } from './team-editor';
import { MajorName, SemesterName, TeacherName } from './team-fields';
import { TeamMembers } from './team-members';
import { ComingTab, TeamExams } from './team-tabs';

// One class (/team/detail?id=): its facts, members (search, import, export), exams, homework and scores.
export default function TeamDetailView() {
  const { t } = useTeamTexts();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { id, team } = useTeamOfTab();
  const canUpdate = usePermission(['team:update']);
  const namesMajors = usePermission(['department:page']);
  const [editing, setEditing] = useState(false);
  const back = () => navigate('/team/index');

  if (id === null)
    return (
      <Card>
        <Result
          status="info"
          title={t('team.noClassChosen')}
          extra={<Button onClick={back}>{t('team.backToList')}</Button>}
        />
      </Card>
    );
  if (team.isPending)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  if (!team.data)
    return (
      <Card>
        <Result
          status="warning"
          title={t('team.notFound')}
          subTitle={t('team.notFoundHint')}
          extra={<Button onClick={back}>{t('team.backToList')}</Button>}
        />
      </Card>
    );
  const c = team.data;
  const refresh = () => void client.invalidateQueries({ queryKey: ['team'] });

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <div className="team-header">
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {c.name}
            </Typography.Title>
            <Space size={4} wrap style={{ marginTop: 6 }}>
              <Tag color="blue">{t('team.gradeTag', { year: c.gradeYear })}</Tag>
              <Tag>{t('team.memberTag', { count: c.memberCount })}</Tag>
            </Space>
          </div>
          <Space wrap>
            <Button icon={<ArrowLeftOutlined />} onClick={back}>
              {t('team.backToList')}
            </Button>
            {canUpdate && (
              <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
                {t('team.editClass')}
              </Button>
            )}
          </Space>
        </div>
        <Descriptions
          size="small"
          style={{ marginTop: 16 }}
          column={{ xs: 1, sm: 2, lg: 4 }}
          items={[
            ...(namesMajors ? [{ key: 'major', label: t('team.major'), children: <MajorName id={c.majorId} /> }] : []),
            { key: 'semester', label: t('team.semester'), children: <SemesterName id={c.semesterId} /> },
            { key: 'teacher', label: t('team.classTeacher'), children: <TeacherName id={c.classTeacherId} /> },
            { key: 'remark', label: t('team.remark'), children: c.remark || '—' },
          ]}
        />
      </Card>
      <Card>
        <Tabs
          items={[
            {
              key: 'members',
              label: t('team.tabMembers', { count: c.memberCount }),
              children: <TeamMembers team={c} onChanged={refresh} />,
            },
            { key: 'exams', label: t('team.tabExams'), children: <TeamExams teamId={c.id} /> },
            {
              key: 'homework',
              label: t('team.tabHomework'),
              children: <ComingTab title={t('team.homeworkTitle')} text={t('team.homeworkComing')} />,
            },
            {
              key: 'scores',
              label: t('team.tabScores'),
              children: <ComingTab title={t('team.scoresTitle')} text={t('team.scoresComing')} />,
            },
          ]}
        />
      </Card>
      <TeamEditor
        open={editing}
        teamId={c.id}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          refresh();
        }}
      />
    </Space>
  );
}
