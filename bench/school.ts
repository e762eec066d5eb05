/** Set-up and timings for the school-core benchmarks. */

async function uploadCsv(base: string, token: string, path: string, csv: string) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'students.csv');
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { result: unknown };
}

const studentsCsv = (n: number, className: string, prefix: string) => {
  const lines = ['first_name,last_name,class_name,parent_first_name,parent_last_name,parent_phone,parent_email,parent_relation'];
  for (let i = 0; i < n; i++) {
    const phone = `7${String(i).padStart(9, '0')}`.slice(0, 10);
    lines.push(
      prefix === 'Imp'
        ? `${prefix}${i},Bench,${className},Parent${i},Bench,${phone},parent${i}@bench.example,mother`
        : `${prefix}${i},Bench,${className},,,,,`,
    );
  }
  return `${lines.join('\n')}\n`;
};

/** Imports n students, each with a new parent, into a new class; answers the server-side seconds. */
export async function importStudents(base: string, admin: string, n: number) {
  const created = await fetch(`${base}/api/classes/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ class_name: `Bench ${Date.now()}` }),
  });
  const cls = (await created.json()) as { result: { class_name: string } };
  const csv = studentsCsv(n, cls.result.class_name, 'Imp');
  const previewStart = performance.now();
  await uploadCsv(base, admin, '/api/import/students/preview', csv);
  const previewSeconds = (performance.now() - previewStart) / 1000;
  const start = performance.now();
  const result = await uploadCsv(base, admin, '/api/import/students/commit', csv);
  const commitSeconds = (performance.now() - start) / 1000;
  return {
    students: n,
    previewSeconds: Number(previewSeconds.toFixed(2)),
    commitSeconds: Number(commitSeconds.toFixed(2)),
    result: result.result,
  };
}

/** Fills Nursery A up to 30 students and returns its id. */
export async function thirtyStudentClass(base: string, admin: string): Promise<string> {
  const res = await fetch(`${base}/api/staff_classes/`, { headers: { authorization: `Bearer ${admin}` } });
  const classes = ((await res.json()) as { result: { id: string; class_name: string; student_count: number }[] }).result;
  const nursery = classes.find((c) => c.class_name === 'Nursery A');
  if (!nursery) throw new Error('Nursery A not found');
  if (nursery.student_count < 30)
    await uploadCsv(base, admin, '/api/import/students/commit', studentsCsv(30 - nursery.student_count, 'Nursery A', 'Extra'));
  return nursery.id;
}
