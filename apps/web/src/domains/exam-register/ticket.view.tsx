import { useQuery } from '@tanstack/react-query';
import { Button, Result, Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import { TicketSheet } from './admission-ticket';
import { registerPaths, registrantsPath, staffTickets, useExamIdOfTab, useUserIdsOfTab } from './register-api';
import { useTicketTexts } from './ticket-texts';

// The admission tickets of an exam's approved candidates (?examId=), or of those named (&userIds=1,2,3).
export default function TicketView() {
  const { t } = useTicketTexts();
  const navigate = useNavigate();
  const examId = useExamIdOfTab();
  const userIds = useUserIdsOfTab();
  const tickets = useQuery({
    queryKey: ['examRegister', 'tickets', examId, userIds ?? null],
    queryFn: ({ signal }) => staffTickets(examId as number, userIds, { signal }),
    enabled: examId !== null,
  });
  const back = () => navigate(examId === null ? registerPaths.list : registrantsPath(examId));
  if (examId !== null && tickets.isPending) return <Skeleton active style={{ padding: 24 }} />;
  if (examId === null || !tickets.data || tickets.data.length === 0)
    return (
      <Result
        status={examId === null || tickets.isError ? '404' : 'info'}
        subTitle={t('ticket.none')}
        extra={<Button onClick={back}>{t('ticket.backToRegistrants')}</Button>}
      />
    );
  return <TicketSheet tickets={tickets.data} backLabel={t('ticket.backToRegistrants')} onBack={back} />;
}
