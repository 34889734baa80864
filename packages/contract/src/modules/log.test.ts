import { describe, expect, it } from 'vitest';
import { describeOperation } from './log-words';

describe('operations told as sentences', () => {
  const deleted = { entity: 'userCategory', action: 'delete', recordLabel: 'Interns', success: true };

  it('says who did what to which record, in both languages', () => {
    expect(describeOperation(deleted, 'Admin', 'en')).toBe('Admin deleted user category «Interns»');
    expect(describeOperation(deleted, '管理员', 'zh')).toBe('管理员删除用户类别「Interns」');
    expect(describeOperation(deleted, 'Alice Admin', 'zh')).toBe('Alice Admin 删除用户类别「Interns」');
  });

  it('marks failures and reads without a record or for oneself', () => {
    const failed = { ...deleted, success: false };
    expect(describeOperation(failed, 'Admin', 'en')).toBe('Admin could not delete user category «Interns»');
    expect(describeOperation(failed, '管理员', 'zh')).toBe('管理员删除用户类别「Interns」失败');
    const status = { entity: 'user', action: 'changeStatus', recordLabel: 'Alice Wang (alice)', success: true };
    expect(describeOperation(status, 'Admin', 'en')).toBe('Admin changed the status of user «Alice Wang (alice)»');
    const own = { entity: 'user', action: 'changePassword', recordLabel: null, success: true };
    expect(describeOperation(own, 'Bob', 'en')).toBe('Bob changed their password');
    const saved = { entity: 'systemConfig', action: 'save', recordLabel: null, success: true };
    expect(describeOperation(saved, 'Admin', 'en')).toBe('Admin saved system settings');
  });

  it('shows codes it has no label for as they are, rather than failing', () => {
    const future = { entity: 'gradeBook', action: 'merge', recordLabel: 'Mid-term', success: true };
    expect(describeOperation(future, 'Admin', 'en')).toBe('Admin merge gradebook «Mid-term»');
  });
});
