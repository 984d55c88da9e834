import { PGlite } from "@electric-sql/pglite";
const db = await PGlite.create();
await db.exec("create table t (a text); create unique index t_key on t (lower(a)); insert into t values ('x')");
try { await db.query("insert into t values ($1)", ["X"]); } catch (e) { console.log(Object.keys(e as object), (e as any).code, (e as any).constraint, (e as any).constructor.name); }
const r = await db.query("select json_agg(x) j, array_agg(x::int8) a, '2020-01-02'::date d from generate_series(1,3) x", []);
console.log(r.rows, r.fields);
const r2 = await db.query("select $1::text ilike $2 as m", ["a_b", "%\\_%"]);
console.log(r2.rows);
