import { useTranslation } from 'react-i18next';
import { PeopleList } from './people-list';
import { teacherPage } from './user-api';

export default function TeacherListView() {
  const { t } = useTranslation();
  return <PeopleList queryKey="teacher" fetchPage={teacherPage} emptyText={t('user.teachersEmpty')} filter="names" />;
}
