import { TeamOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, List, Skeleton, Typography } from 'antd';
import { useTeamTexts } from './i18n';
import { myTeams } from './team-api';

// "My classes" on a student's profile: the classes they are a member of, newest grade first.
export function MyClasses() {
  const { t } = useTeamTexts();
  const teams = useQuery({ queryKey: ['team', 'mine'], queryFn: myTeams });
  const list = [...(teams.data ?? [])].sort((a, b) => b.gradeYear - a.gradeYear || a.name.localeCompare(b.name));
  return (
    <Card title={t('team.myClasses')} size="small">
      {teams.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : list.length ? (
        <List
          size="small"
          dataSource={list}
          renderItem={(c) => (
            <List.Item>
              <List.Item.Meta
                avatar={<TeamOutlined style={{ fontSize: 18, marginTop: 4 }} />}
                title={c.name}
                description={
                  <Typography.Text type="secondary">{t('team.gradeTag', { year: c.gradeYear })}</Typography.Text>
                }
              />
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('team.noClassesYet')} />
      )}
    </Card>
  );
}
