import { MessageAssociation, MessageAudience, MessageTarget } from '@lyceum/contract';
import { describe, expect, it } from 'vitest';
import { type MessageFormValues, messageBody, messageProblems, newMessageValues } from './message-form';

const filled = (): MessageFormValues => ({
  ...newMessageValues(),
  title: '  Sports day ',
  body: '<p>Bring trainers.</p>',
  teamIds: [4],
  gradeYears: [2024],
  userIds: [9],
});

describe('message form', () => {
  it('starts as a draft to classes, asking no confirmation, about nothing', () => {
    const v = newMessageValues();
    expect(v.targetType).toBe(MessageTarget.Class);
    expect(v.needRead).toBe(false);
    expect(v.associationType).toBe(MessageAssociation.None);
    expect(v.openStart).toBeNull();
  });

  it('sends only the target type’s targets, the title trimmed', () => {
    const body = messageBody(filled());
    expect(body.title).toBe('Sports day');
    expect(body.teamIds).toEqual([4]);
    expect(body.gradeYears).toEqual([]);
    expect(body.userIds).toEqual([]);
    const school = messageBody({ ...filled(), targetType: MessageTarget.School, audience: MessageAudience.Everyone });
    expect(school.teamIds).toEqual([]);
    expect(school.audience).toBe(MessageAudience.Everyone);
  });

  it('drops blank attachment rows and the subject of a message about nothing', () => {
    const body = messageBody({
      ...filled(),
      attachments: [
        { name: ' Map.pdf ', url: '/api/file/3' },
        { name: '', url: '' },
      ],
      associationType: MessageAssociation.None,
      associationId: 12,
    });
    expect(body.attachments).toEqual([{ name: 'Map.pdf', url: '/api/file/3' }]);
    expect(body.associationId).toBeNull();
  });

  it('names the fields the contract’s cross checks refuse', () => {
    const noClass = messageBody({ ...filled(), teamIds: [] });
    expect(messageProblems(noClass).map((p) => p.field)).toEqual(['teamIds']);
    const backwards = messageBody({
      ...filled(),
      openStart: '2026-06-10T09:00:00.000Z',
      openEnd: '2026-06-09T09:00:00.000Z',
      associationType: MessageAssociation.Exam,
      associationId: null,
    });
    expect(
      messageProblems(backwards)
        .map((p) => p.field)
        .sort(),
    ).toEqual(['associationId', 'openEnd']);
    expect(messageProblems(messageBody(filled()))).toEqual([]);
  });
});
