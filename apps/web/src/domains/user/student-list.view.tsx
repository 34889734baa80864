import { useTranslation } from 'react-i18next';
import { PeopleList } from './people-list';
import { studentPage } from './user-api';

export default function StudentListView() {
  const { t } = useTranslation();
  return <PeopleList queryKey="student" fetchPage={studentPage} emptyText={t('user.studentsEmpty')} filter="keyword" />;
}
