import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { User } from '@lyceum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../shell/permission';
import { AccommodationModal, useAccommodationTexts } from './accommodation-modal';
import { PeopleList } from './people-list';
import { studentPage } from './user-api';

export default function StudentListView() {
  const { t } = useTranslation();
  const { t: ta } = useAccommodationTexts();
  const canAccommodate = usePermission(['student:accommodation']);
  const [accommodating, setAccommodating] = useState<User | null>(null);
  return (
    <>
      <PeopleList
        queryKey="student"
        fetchPage={studentPage}
        emptyText={t('user.studentsEmpty')}
        filter="keyword"
        actions={[
          {
            key: 'accommodation',
            label: ta('accommodation.action'),
            icon: <SafetyCertificateOutlined />,
            allowed: canAccommodate,
            onClick: setAccommodating,
          },
        ]}
      />
      <AccommodationModal student={accommodating} onClose={() => setAccommodating(null)} />
    </>
  );
}
