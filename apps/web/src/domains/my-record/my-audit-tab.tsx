import { api } from '@lyceum/contract/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { moduleTexts } from '../../shell/module-texts';
import { call } from '../../shell/request';
import { AuditLines } from '../../ui/graduation-audit';

const { useTexts } = moduleTexts(
  'myAudit',
  { tabTitle: 'My graduation audit', clearWhatIf: 'Clear the what-if', whatIfNote: 'What-if view: nothing is saved.' },
  { tabTitle: '我的毕业审核', clearWhatIf: '清除假设', whatIfNote: '假设视图：不会保存任何内容。' },
);

// The student's own graduation audit (issue 34): each requirement met or what is missing; ticking
// missing courses and exams asks the server again with those assumed done (a what-if; nothing saved).
export function MyAuditTab() {
  const { t } = useTexts();
  const [assumed, setAssumed] = useState<{ courseIds: number[]; examIds: number[] }>({ courseIds: [], examIds: [] });
  const audit = useQuery({
    queryKey: ['graduation', 'myAudit', assumed],
    queryFn: ({ signal }) =>
      call(
        api.graduation.myAudit,
        { body: { assumeCourseIds: assumed.courseIds, assumeExamIds: assumed.examIds } },
        { signal, retry: 2 },
      ),
    placeholderData: keepPreviousData,
  });
  const whatIf = assumed.courseIds.length + assumed.examIds.length > 0;
  if (!audit.data) return <Skeleton active />;
  return (
    <Space direction="vertical" style={{ width: '100%', maxWidth: 860 }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('myAudit.tabTitle')}
      </Typography.Title>
      {whatIf && (
        <Space>
          <Typography.Text type="secondary">{t('myAudit.whatIfNote')}</Typography.Text>
          <Button size="small" onClick={() => setAssumed({ courseIds: [], examIds: [] })}>
            {t('myAudit.clearWhatIf')}
          </Button>
        </Space>
      )}
      <AuditLines audit={audit.data} assume={{ ...assumed, onChange: setAssumed }} />
    </Space>
  );
}
