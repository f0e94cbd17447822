import type { Db } from './connect.ts';
import { builtInEquipmentTypes, demoCargoLibrary } from './catalogue/index.ts';
import { newId } from './ids.ts';
import { addMember, createOrganization, type Organization, type Member } from './organizations.ts';

/** Upserts the built-in Equipment Type catalogue (shared by every organization). */
export async function seedBuiltIns(db: Db): Promise<number> {
  for (const t of builtInEquipmentTypes) {
    await db`
      insert into equipment_types (id, organization_id, name, mode, category, inner_length_mm, inner_width_mm, inner_height_mm,
        door_width_mm, door_height_mm, openings, max_payload_g, tare_g, axle_profile, source)
      values (${t.id}, null, ${t.name}, ${t.mode}, ${t.category}, ${t.innerLengthMm}, ${t.innerWidthMm}, ${t.innerHeightMm},
        ${t.doorWidthMm}, ${t.doorHeightMm}, ${t.openings}, ${t.maxPayloadG}, ${t.tareG},
        ${t.axleProfile ? db.json(t.axleProfile as any) : null}, ${t.source})
      on conflict (id) do update set name = excluded.name, mode = excluded.mode, category = excluded.category,
        inner_length_mm = excluded.inner_length_mm, inner_width_mm = excluded.inner_width_mm, inner_height_mm = excluded.inner_height_mm,
        door_width_mm = excluded.door_width_mm, door_height_mm = excluded.door_height_mm, openings = excluded.openings,
        max_payload_g = excluded.max_payload_g, tare_g = excluded.tare_g, axle_profile = excluded.axle_profile, source = excluded.source`;
  }
  return builtInEquipmentTypes.length;
}

export const DEMO_ORGANIZATION_NAME = 'Demo Logistics';

/** The demo organization (Enterprise, API access) with an owner and a cargo library; created once. */
export async function seedDemoOrganization(db: Db): Promise<{ organization: Organization; owner: Member }> {
  const [existing] = await db`
    select o.id as org_id, m.id as member_id from organizations o
    join members m on m.organization_id = o.id and m.role = 'owner' and m.removed_at is null
    where o.name = ${DEMO_ORGANIZATION_NAME} order by o.id limit 1`;
  if (existing) {
    const [org] = await db`select * from organizations where id = ${existing.org_id}`;
    const [member] = await db`select * from members where id = ${existing.member_id}`;
    return {
      organization: { id: org.id, name: org.name, plan: org.plan, apiAccess: org.api_access, createdAt: org.created_at },
      owner: { id: member.id, organizationId: member.organization_id, email: member.email, name: member.name, role: member.role, removedAt: null },
    };
  }
  const organization = await createOrganization(db, { name: DEMO_ORGANIZATION_NAME, plan: 'enterprise', apiAccess: true });
  const owner = await addMember(db, { organizationId: organization.id, email: 'owner@demo.example', name: 'Demo Owner', role: 'owner' });
  for (const item of demoCargoLibrary) {
    await db`
      insert into cargo_library_items (id, organization_id, name, length_mm, width_mm, height_mm, weight_g,
        min_support_permille, friction_surface, rotation, stackable, fragile)
      values (${newId('lib')}, ${organization.id}, ${item.name}, ${item.lengthMm}, ${item.widthMm}, ${item.heightMm}, ${item.weightG},
        ${item.minSupportPermille ?? null}, ${item.frictionSurface ?? null}, ${item.rotation}, ${item.stackable}, ${item.fragile})`;
  }
  return { organization, owner };
}
