import { api } from '@lyceum/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import { call } from '../../shell/request';
import { TicketSheet } from '../exam-register/admission-ticket';
import { useExamIdOfTab } from '../exam-register/register-api';
import { useTicketTexts } from '../exam-register/ticket-texts';
import { MY_EXAMS_PATH } from './my-exam-api';

// A student's own admission ticket for one exam (?examId=), to print or show at the door.
export default function MyTicketView() {
  const { t } = useTicketTexts();
  const navigate = useNavigate();
  const examId = useExamIdOfTab();
  const ticket = useQuery({
    queryKey: ['myExam', 'ticket', examId],
    // Not (or no longer) an approved candidate: the server's refusal is toasted and the page says why.
    queryFn: ({ signal }) => call(api.exam.myTicket, { params: { id: examId as number } }, { signal, retry: 2 }),
    enabled: examId !== null,
    retry: false,
  });
  const back = () => navigate(MY_EXAMS_PATH);
  if (examId !== null && ticket.isPending) return <Skeleton active style={{ padding: 24 }} />;
  if (!ticket.data)
    return (
      <Result
        status="404"
        subTitle={t('ticket.notFound')}
        extra={<Button onClick={back}>{t('ticket.backToMyExams')}</Button>}
      />
    );
  return <TicketSheet tickets={[ticket.data]} backLabel={t('ticket.backToMyExams')} onBack={back} />;
}
