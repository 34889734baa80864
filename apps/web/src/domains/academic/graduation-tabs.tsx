import {
  AuditOutlined,
  CheckOutlined,
  RollbackOutlined,
  SafetyCertificateOutlined,
  SendOutlined,
  StopOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import {
  type DegreeAward,
  DegreeAwardStatus,
  degreeAwardMeta,
  type GraduationBatch,
  GraduationBatchStatus,
  type GraduationRequirement,
  graduationBatchMeta,
  graduationRequirementMeta,
  type ResourceMeta,
  type ScreenPrefix,
  zDegreeAwardFilter,
  zGraduationBatchCreate,
  zGraduationRequirementCreate,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQueryClient } from '@tanstack/react-query';
import { App, Input, Modal, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { ResourceScreen } from '../../crud/resource-screen';
import { useAction } from '../../crud/use-action';
import { usePermission } from '../../shell/permission';
import { call } from '../../shell/request';
import { BATCH_KEY } from './graduation-api';
import { BatchStudentsDrawer } from './graduation-batch-drawer';
import { useGraduationTexts } from './graduation-texts';

// Graduation in Academic affairs (issue 34): requirement sets, batches (each with its students and
// their audits, sent for review, approved, conferred) and the degrees awarded (revoked with a
// reason). All three are read with educational:page; the buttons follow the graduation permissions.

const screen = (meta: typeof graduationRequirementMeta): ResourceMeta => ({
  ...meta,
  permission: 'graduation' as ScreenPrefix,
});

export function RequirementsTab() {
  const { t } = useGraduationTexts();
  const canManage = usePermission(['graduation:manage']);
  const columns = (base: TableColumnsType<GraduationRequirement>): TableColumnsType<GraduationRequirement> => {
    const byKey = (key: string) => base.find((c) => c.key === key);
    return [
      byKey('name')!,
      byKey('degreeId')!,
      {
        ...byKey('departmentId'),
        render: (v: unknown, r) =>
          r.departmentId ? (byKey('departmentId')?.render?.(v, r, 0) as never) : t('graduation.anyDepartment'),
      },
      { ...byKey('cohortYear'), render: (_: unknown, r) => r.cohortYear ?? t('graduation.anyCohort') },
      {
        key: 'checks',
        title: t('graduation.checks'),
        render: (_: unknown, r) =>
          [
            r.requiredCourseIds.length ? t('graduation.checkCourses', { count: r.requiredCourseIds.length }) : null,
            r.minCredits > 0 ? t('graduation.checkCredits', { count: r.minCredits }) : null,
            r.requiredExamIds.length ? t('graduation.checkExams', { count: r.requiredExamIds.length }) : null,
            r.minAttendancePct !== null ? t('graduation.checkAttendance', { pct: r.minAttendancePct }) : null,
            r.tuitionCleared ? t('graduation.checkTuition') : null,
          ]
            .filter(Boolean)
            .join(' · '),
      },
    ];
  };
  return (
    <ResourceScreen<GraduationRequirement>
      meta={screen(graduationRequirementMeta)}
      schema={zGraduationRequirementCreate}
      slots={{
        can: { create: canManage, update: canManage, remove: canManage },
        createLabel: t('graduation.requirementCreate'),
        transfer: false,
        columns,
        emptyText: t('graduation.requirementsEmpty'),
        filterFormName: 'graduation-requirement-filter',
      }}
    />
  );
}

const { Draft, Reviewing, Approved } = GraduationBatchStatus;

export function BatchesTab() {
  const { t } = useGraduationTexts();
  const client = useQueryClient();
  const canManage = usePermission(['graduation:manage']);
  const canApprove = usePermission(['graduation:approve']);
  const [open, setOpen] = useState<GraduationBatch | null>(null);
  const reload = () => void client.invalidateQueries({ queryKey: [BATCH_KEY] });
  const run = useAction(reload);
  const b = api.graduationBatch;
  return (
    <>
      <ResourceScreen<GraduationBatch>
        meta={screen(graduationBatchMeta)}
        schema={zGraduationBatchCreate}
        slots={{
          can: { create: canManage, update: canManage, remove: canManage },
          createLabel: t('graduation.batchCreate'),
          transfer: false,
          emptyText: t('graduation.batchesEmpty'),
          filterFormName: 'graduation-batch-filter',
          editLock: (r) => r.status === GraduationBatchStatus.Conferred && t('graduation.changeLocked'),
          deleteLock: (r) => r.status !== Draft && r.status !== Reviewing && t('graduation.changeLocked'),
          rowActions: [
            { key: 'students', label: t('graduation.students'), icon: <TeamOutlined />, onClick: setOpen },
            {
              key: 'submit',
              label: t('graduation.submit'),
              icon: <SendOutlined />,
              allowed: canManage,
              hidden: (r) => r.status !== Draft,
              onClick: (r) =>
                run(b.submit, {
                  title: t('graduation.submitTitle', { name: r.name }),
                  okText: t('graduation.submit'),
                  input: { params: { id: r.id }, body: {} },
                  done: () => t('graduation.submitted'),
                }),
            },
            {
              key: 'return',
              label: t('graduation.returnToDraft'),
              icon: <RollbackOutlined />,
              allowed: canManage,
              hidden: (r) => r.status !== Reviewing && r.status !== Approved,
              onClick: (r) =>
                run(b.returnToDraft, {
                  title: t('graduation.returnTitle', { name: r.name }),
                  okText: t('graduation.returnToDraft'),
                  input: { params: { id: r.id }, body: {} },
                  done: () => t('graduation.returned'),
                }),
            },
            {
              key: 'approve',
              label: t('graduation.approveBatch'),
              icon: <CheckOutlined />,
              allowed: canApprove,
              hidden: (r) => r.status !== Reviewing,
              onClick: (r) =>
                run(b.approveBatch, {
                  title: t('graduation.approveTitle', { name: r.name, approved: r.approved }),
                  okText: t('graduation.approveBatch'),
                  input: { params: { id: r.id }, body: {} },
                  done: () => t('graduation.approved'),
                }),
            },
            {
              key: 'confer',
              label: t('graduation.confer'),
              icon: <SafetyCertificateOutlined />,
              allowed: canApprove,
              hidden: (r) => r.status !== Approved,
              onClick: (r) =>
                run(b.confer, {
                  title: t('graduation.conferTitle', { name: r.name }),
                  content: t('graduation.conferText'),
                  okText: t('graduation.confer'),
                  input: { params: { id: r.id }, body: {} },
                  done: () => t('graduation.conferred'),
                }),
            },
          ],
        }}
      />
      <BatchStudentsDrawer batch={open} onClose={() => setOpen(null)} />
    </>
  );
}

// Revokes one award with its reason.
function RevokeDialog({
  award,
  onClose,
  onDone,
}: {
  award: DegreeAward | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useGraduationTexts();
  const { message } = App.useApp();
  const [reason, setReason] = useState('');
  if (!award) return null;
  return (
    <Modal
      open
      title={t('graduation.revokeTitle', { name: award.realName, no: award.certificateNo })}
      okText={t('graduation.revoke')}
      okButtonProps={{ danger: true, disabled: !reason.trim() }}
      onCancel={onClose}
      onOk={async () => {
        await call(
          api.degreeAward.revokeAward,
          { params: { id: award.id }, body: { reason: reason.trim() } },
          { loading: true },
        );
        message.success(t('graduation.revoked'));
        setReason('');
        onDone();
      }}
    >
      <Typography.Paragraph>{t('graduation.revokeText')}</Typography.Paragraph>
      <Input.TextArea
        aria-label={t('graduation.reason')}
        placeholder={t('graduation.reason')}
        value={reason}
        maxLength={200}
        rows={3}
        onChange={(e) => setReason(e.target.value)}
      />
    </Modal>
  );
}

export function AwardsTab() {
  const { t } = useGraduationTexts();
  const client = useQueryClient();
  const canRevoke = usePermission(['degree:revoke']);
  const [revoking, setRevoking] = useState<DegreeAward | null>(null);
  return (
    <>
      <ResourceScreen<DegreeAward>
        meta={{ ...degreeAwardMeta, permission: 'educational' as ScreenPrefix }}
        schema={zDegreeAwardFilter}
        slots={{
          can: { create: false, update: false, remove: false },
          create: null,
          transfer: 'export',
          emptyText: t('graduation.awardsEmpty'),
          filterFormName: 'degree-award-filter',
          rowActions: [
            {
              key: 'verify',
              label: t('graduation.verify'),
              icon: <AuditOutlined />,
              hidden: (r) => !r.certificateCode,
              onClick: (r) => window.open(`/verify/${r.certificateCode}`, '_blank', 'noopener'),
            },
            {
              key: 'revoke',
              label: t('graduation.revoke'),
              icon: <StopOutlined />,
              danger: true,
              allowed: canRevoke,
              disabled: (r) => r.status === DegreeAwardStatus.Revoked && t('graduation.alreadyRevoked'),
              onClick: setRevoking,
            },
          ],
        }}
      />
      <RevokeDialog
        award={revoking}
        onClose={() => setRevoking(null)}
        onDone={() => {
          setRevoking(null);
          void client.invalidateQueries({ queryKey: ['degreeAward'] });
        }}
      />
    </>
  );
}
