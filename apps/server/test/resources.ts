// A valid create body for every declared base-data resource, given ids that exist in `demo`.
export interface SampleIds {
  degreeId: number;
  categoryId: number;
  courseCategoryId: number;
  tagId: number;
}
export const resourceSamples: Record<string, (ids: SampleIds) => Record<string, unknown>> = {
  degree: () => ({ name: 'Doctorate 博士', code: 'DR', sort: 5 }),
  category: (i) => ({ name: 'Medicine', degreeId: i.degreeId, sort: 3 }),
  typeEnum: (i) => ({ name: 'Evening 夜校', systemTypeEnum: 3, categoryId: i.categoryId, degreeId: i.degreeId }),
  userCategory: () => ({ name: 'Exchange student', sort: 9 }),
  courseCategory: (i) => ({ name: 'Statistics 统计', parentId: i.courseCategoryId }),
  productCategory: () => ({ name: 'Uniforms 校服' }),
  tag: () => ({ name: 'Revision 复习', type: 1 }),
  department: () => ({ name: 'College of Arts', type: 0 }),
  semester: () => ({
    name: '2027–2028 First term',
    year: 2027,
    term: 1,
    startDate: '2027-09-01',
    endDate: '2028-01-20',
  }),
  teachVenue: () => ({ name: 'Room 404', address: 'North wing', capacity: 35 }),
  document: () => ({ title: 'Library rules', fileUrl: 'https://example.edu/library.pdf', audience: 1 }),
  resource: (i) => ({
    title: 'Matrix video',
    kind: 1,
    url: 'https://example.edu/m.mp4',
    categoryId: i.courseCategoryId,
    tagIds: [i.tagId],
  }),
};

export const resourceNames = Object.keys(resourceSamples);
// Samples that point at other demo rows (so another organisation's create must fail).
export const samplesWithRefs = new Set(['category', 'typeEnum', 'courseCategory', 'resource']);
