import { Anchor, Table, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { defaultBundle, type JsonSchema } from "../../../shared/schema/bundle.ts";
import { entityProperty } from "../../../shared/schema/field-kind.ts";
import { patientPaths } from "../patients/patient-paths.ts";
import type { LinkedPatient } from "./patient-users-api.ts";

const COLUMNS = ["full_name", "mrn", "patient_relation"] as const;

// Headers are the titles of entities/patient-user.json patients[] items.
const itemProperties: Record<string, JsonSchema> =
  entityProperty(defaultBundle, "entities/patient-user.json", "patients")?.items?.properties ?? {};
const header = (field: string) => String(itemProperties[field]?.title ?? field);

/** The charts a patient user answers for (only those the viewer may see), each linking to the patient. */
export function LinkedPatients({ patients }: { patients: readonly LinkedPatient[] }) {
  if (patients.length === 0) return <Text c="dimmed">No linked patients that you can see.</Text>;
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table aria-label="Linked patients" striped>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((field) => (
              <Table.Th key={field} scope="col">
                {header(field)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {patients.map((p) => (
            <Table.Tr key={p.ccauId ?? p.ccaId}>
              <Table.Td>
                {p.patient_id ? (
                  <Anchor component={Link} to={patientPaths.view(p.patient_id)}>
                    {p.full_name}
                  </Anchor>
                ) : (
                  p.full_name
                )}
              </Table.Td>
              <Table.Td>{p.mrn}</Table.Td>
              <Table.Td>{p.patient_relation}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
