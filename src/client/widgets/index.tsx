import { generateWidgets } from "@rjsf/mantine";
import type { RegistryWidgetsType, WidgetProps } from "@rjsf/utils";
import { CheckboxWidget } from "./CheckboxWidget.tsx";
import { DateWidget } from "./DateWidget.tsx";
import { EnumSelectWidget } from "./EnumSelectWidget.tsx";
import {
  CliniciansWidget,
  ClinicianTeamsWidget,
  LocationsWidget,
  SupervisorsWidget,
} from "./LookupMultiSelectWidget.tsx";
import { LocationWidget, MeasureWidget, ProgramTypeWidget, ProgramWidget } from "./LookupSelectWidget.tsx";
import { MinutesWidget } from "./MinutesWidget.tsx";
import { NumberListWidget } from "./NumberListWidget.tsx";
import { PhoneWidget } from "./PhoneWidget.tsx";
import { RolesWidget } from "./RolesWidget.tsx";
import { TimeZoneWidget } from "./TimeZoneWidget.tsx";

/**
 * Our widgets, registered by name on top of the rjsf Mantine theme (STYLE habit 4). A form file
 * picks one with "ui:widget"; a field without one gets the widget of its kind (widget-for-kind.ts).
 */
const mantineWidgets = generateWidgets();
const MantineSelectWidget = mantineWidgets.SelectWidget as (props: WidgetProps) => ReturnType<typeof PhoneWidget>;

/**
 * The theme's combobox select (multi-choice code lists), with its option list unmounted while
 * closed: Mantine keeps it in the page labelled like the input, so a label would name two elements.
 */
function SelectWidget(props: WidgetProps) {
  return (
    <MantineSelectWidget
      {...props}
      options={{ ...props.options, comboboxProps: { withinPortal: false, keepMounted: false } }}
    />
  );
}

export const formWidgets: RegistryWidgetsType = {
  ...mantineWidgets,
  SelectWidget,
  phone: PhoneWidget,
  date: DateWidget,
  checkbox: CheckboxWidget,
  enumSelect: EnumSelectWidget,
  clinicians: CliniciansWidget,
  clinicianTeams: ClinicianTeamsWidget,
  locations: LocationsWidget,
  supervisors: SupervisorsWidget,
  programType: ProgramTypeWidget,
  location: LocationWidget,
  program: ProgramWidget,
  measure: MeasureWidget,
  roles: RolesWidget,
  numberList: NumberListWidget,
  timeZone: TimeZoneWidget,
  minutes: MinutesWidget,
};
