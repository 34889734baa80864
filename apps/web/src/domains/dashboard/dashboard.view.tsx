import { type CurrentUser, RoleKind } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { fetchCurrentUser } from '../../shell/auth-api';
import { StudentPortal } from './student-portal';

// The staff figures draw charts; a student never downloads them.
const StaffDashboard = lazy(() => import('./staff-dashboard'));

function activeRoleKind(me: CurrentUser): RoleKind | null {
  return me.roles.find((r) => r.id === me.activeRoleId)?.kind ?? null;
}

const loading = (
  <Card>
    <Skeleton active />
  </Card>
);

// The home page follows the active role: a student's portal (what is due, results, messages), or
// the organisation's figures for staff. Switching role clears the cached user, so it follows at once.
export default function DashboardView() {
  const me = useQuery({ queryKey: ['currentUser'], queryFn: fetchCurrentUser });
  if (!me.data) return loading;
  if (activeRoleKind(me.data) === RoleKind.Student) return <StudentPortal me={me.data} />;
  return (
    <Suspense fallback={loading}>
      <StaffDashboard />
    </Suspense>
  );
}
