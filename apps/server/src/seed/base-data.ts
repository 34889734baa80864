import { DocumentAudience, ResourceKind, SemesterTerm, TagType } from '@lyceum/contract';
import { semesters, teachVenues } from '../modules/calendar/calendar.table';
import { courseCategories, productCategories, tags } from '../modules/catalogue/catalogue.table';
import { categories, degrees, typeEnums } from '../modules/education/education.table';
import { documents, resources, resourceTags } from '../modules/library/library.table';
import type { Db } from '../platform/db';

type TreeTable = typeof courseCategories | typeof productCategories;
interface TreeSeed {
  name: string;
  children?: TreeSeed[];
}

async function seedTree(db: Db, table: TreeTable, orgId: number, nodes: TreeSeed[], parentId: number | null = null) {
  const ids: Record<string, number> = {};
  for (const [sort, node] of nodes.entries()) {
    const [row] = await db
      .insert(table)
      .values({ organizationId: orgId, name: node.name, parentId, sort })
      .returning({ id: table.id });
    ids[node.name] = row.id;
    Object.assign(ids, await seedTree(db, table, orgId, node.children ?? [], row.id));
  }
  return ids;
}

async function seedTags(db: Db, orgId: number, type: TagType, nodes: TreeSeed[], parentId: number | null = null) {
  const ids: Record<string, number> = {};
  for (const [sort, node] of nodes.entries()) {
    const [row] = await db
      .insert(tags)
      .values({ organizationId: orgId, name: node.name, type, parentId, sort })
      .returning({ id: tags.id });
    ids[node.name] = row.id;
    Object.assign(ids, await seedTags(db, orgId, type, node.children ?? [], row.id));
  }
  return ids;
}

// Base data of a college with a training arm: degrees and their categories, a course catalogue,
// knowledge points for the question bank, the academic calendar, rooms, documents and resources.
export async function seedBaseData(db: Db, orgId: number, full: boolean) {
  const degree = async (name: string, code: string, sort: number) =>
    (await db.insert(degrees).values({ organizationId: orgId, name, code, sort }).returning({ id: degrees.id }))[0].id;
  const category = async (name: string, degreeId: number, sort: number) =>
    (
      await db
        .insert(categories)
        .values({ organizationId: orgId, name, degreeId, sort })
        .returning({ id: categories.id })
    )[0].id;
  const ug = await degree('Undergraduate 本科', 'UG', 1);
  const se = await category('Science & Engineering', ug, 1);
  await db.insert(semesters).values([
    {
      organizationId: orgId,
      name: '2025–2026 Second term 第二学期',
      year: 2025,
      term: SemesterTerm.Second,
      startDate: '2026-02-23',
      endDate: '2026-07-10',
    },
    {
      organizationId: orgId,
      name: '2026–2027 First term 第一学期',
      year: 2026,
      term: SemesterTerm.First,
      startDate: '2026-09-01',
      endDate: '2027-01-22',
      current: true,
    },
  ]);
  if (!full) return;

  const jc = await degree('Junior college 专科', 'JC', 0);
  const pg = await degree('Postgraduate 研究生', 'PG', 2);
  const vt = await degree('Vocational training 职业培训', 'VT', 3);
  const hum = await category('Humanities', ug, 2);
  const applied = await category('Applied technology', jc, 1);
  const masters = await category("Master's programmes", pg, 1);
  const it = await category('IT certificates', vt, 1);
  await category('Language certificates', vt, 2);
  await db.insert(typeEnums).values([
    { organizationId: orgId, name: 'Full-time 全日制', systemTypeEnum: 1, categoryId: se, degreeId: ug, sort: 1 },
    { organizationId: orgId, name: 'Part-time 非全日制', systemTypeEnum: 2, categoryId: se, degreeId: ug, sort: 2 },
    { organizationId: orgId, name: 'Full-time 全日制', systemTypeEnum: 1, categoryId: hum, degreeId: ug, sort: 1 },
    {
      organizationId: orgId,
      name: 'Work-study 工学结合',
      systemTypeEnum: 3,
      categoryId: applied,
      degreeId: jc,
      sort: 1,
    },
    { organizationId: orgId, name: 'Research 学术型', systemTypeEnum: 1, categoryId: masters, degreeId: pg, sort: 1 },
    { organizationId: orgId, name: 'Online 线上', systemTypeEnum: 4, categoryId: it, degreeId: vt, sort: 1 },
    { organizationId: orgId, name: 'Classroom 线下', systemTypeEnum: 5, categoryId: it, degreeId: vt, sort: 2 },
  ]);
  const courses = await seedTree(db, courseCategories, orgId, [
    { name: 'Computer Science 计算机', children: [{ name: 'Programming 程序设计' }, { name: 'Databases 数据库' }] },
    { name: 'Mathematics 数学', children: [{ name: 'Calculus 微积分' }, { name: 'Linear algebra 线性代数' }] },
    { name: 'Languages 语言', children: [{ name: 'English 英语' }] },
  ]);
  await seedTree(db, productCategories, orgId, [
    { name: 'Books 图书', children: [{ name: 'Textbooks 教材' }, { name: 'Exam guides 考试辅导' }] },
    { name: 'Stationery 文具' },
    { name: 'Course vouchers 课程券' },
  ]);
  const tagIds = await seedTags(db, orgId, TagType.Tag, [
    { name: 'Exam focus 考试重点' },
    { name: 'Hard 难题' },
    { name: 'Classic 经典' },
  ]);
  await seedTags(db, orgId, TagType.KnowledgePoint, [
    {
      name: 'Mathematics 数学',
      children: [
        { name: 'Functions and limits 函数与极限', children: [{ name: 'Limits 极限' }, { name: 'Continuity 连续性' }] },
        { name: 'Derivatives 导数', children: [{ name: 'Chain rule 链式法则' }] },
        { name: 'Matrices 矩阵' },
      ],
    },
    {
      name: 'Computer Science 计算机',
      children: [
        { name: 'Data structures 数据结构', children: [{ name: 'Arrays 数组' }, { name: 'Trees 树' }] },
        { name: 'SQL' },
      ],
    },
    { name: 'English 英语', children: [{ name: 'Grammar 语法' }, { name: 'Reading 阅读' }] },
  ]);
  await db.insert(teachVenues).values([
    {
      organizationId: orgId,
      name: 'Main Building 101 主楼101',
      address: 'Main Building, 1st floor',
      capacity: 60,
      sort: 1,
    },
    {
      organizationId: orgId,
      name: 'Computer Lab A 机房A',
      address: 'Science Building, 3rd floor',
      capacity: 40,
      sort: 2,
    },
    { organizationId: orgId, name: 'Lecture Hall 报告厅', address: 'Library, ground floor', capacity: 220, sort: 3 },
    {
      organizationId: orgId,
      name: 'Training Centre Room 2 培训中心2室',
      address: 'Training Centre',
      capacity: 30,
      sort: 4,
    },
  ]);
  await db.insert(documents).values([
    {
      organizationId: orgId,
      title: 'Student handbook 学生手册',
      fileUrl: 'https://example.edu/docs/student-handbook.pdf',
      audience: DocumentAudience.Students,
    },
    {
      organizationId: orgId,
      title: 'Examination rules 考试规则',
      fileUrl: 'https://example.edu/docs/exam-rules.pdf',
      audience: DocumentAudience.Everyone,
    },
    {
      organizationId: orgId,
      title: 'Marking guide for staff 阅卷指南',
      fileUrl: 'https://example.edu/docs/marking-guide.pdf',
      audience: DocumentAudience.Staff,
    },
  ]);
  const rows = [
    {
      organizationId: orgId,
      title: 'Limits in 10 minutes 十分钟理解极限',
      kind: ResourceKind.Video,
      url: 'https://example.edu/media/limits.mp4',
      categoryId: courses['Calculus 微积分'],
      tagIds: [tagIds['Exam focus 考试重点']],
    },
    {
      organizationId: orgId,
      title: 'SQL cheat sheet SQL速查表',
      kind: ResourceKind.Document,
      url: 'https://example.edu/docs/sql-cheat-sheet.pdf',
      categoryId: courses['Databases 数据库'],
      tagIds: [tagIds['Classic 经典']],
    },
    {
      organizationId: orgId,
      title: 'Python tutorial Python教程',
      kind: ResourceKind.Link,
      url: 'https://docs.python.org/3/tutorial/',
      categoryId: courses['Programming 程序设计'],
      tagIds: [],
    },
  ];
  // The rows, then each one's tags in the join table.
  const inserted = await db
    .insert(resources)
    .values(rows.map(({ tagIds: _, ...row }) => row))
    .returning({ id: resources.id });
  const links = inserted.flatMap((r, i) =>
    rows[i].tagIds.map((tagId) => ({ organizationId: orgId, resourceId: r.id, tagId })),
  );
  if (links.length) await db.insert(resourceTags).values(links);
}
