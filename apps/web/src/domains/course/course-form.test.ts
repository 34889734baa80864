import { type Course, CourseStatus, PriceKind, zCourseCreate } from '@lyceum/contract';
import { describe, expect, it } from 'vitest';
import { coursePayload, detailsOf, emptyDetails } from './course-form';

describe('course details as the editor sends them', () => {
  it('sends a money price in cents and reads it back in yuan', () => {
    const body = coursePayload(
      null,
      { ...emptyDetails(), code: ' C-1 ', title: ' Course ', priceKind: PriceKind.Money, price: 12.34 },
      [],
    );
    expect(body).toMatchObject({ code: 'C-1', title: 'Course', priceKind: PriceKind.Money, price: 1234 });
    expect(zCourseCreate.safeParse({ ...body, id: null }).success).toBe(true);
    const row: Course = {
      id: 1,
      organizationId: 1,
      code: 'C-1',
      title: 'Course',
      coverUrl: null,
      categoryId: null,
      description: '',
      required: false,
      creditHours: 0,
      selfEnrol: true,
      sequential: false,
      teacherIds: [],
      priceKind: PriceKind.Money,
      price: 1234,
      status: CourseStatus.Draft,
      version: 0,
      draftChanged: true,
      ownerId: 1,
      counts: { lessons: 0, learners: 0, completed: 0 },
      publishTime: null,
      createTime: '2026-01-01T00:00:00.000Z',
      updateTime: '2026-01-01T00:00:00.000Z',
    };
    expect(detailsOf(row).price).toBe(12.34);
  });

  it('sends points as they are, and no price without a kind', () => {
    expect(coursePayload(1, { ...emptyDetails(), priceKind: PriceKind.Points, price: 50 }, []).price).toBe(50);
    const free = coursePayload(1, { ...emptyDetails(), priceKind: null, price: 50 }, []);
    expect(free).toMatchObject({ priceKind: null, price: null });
  });
});
