import { generateTemplates } from "@rjsf/mantine";
import type { BaseInputTemplateProps, FieldTemplateProps, TemplatesType } from "@rjsf/utils";
import type { ReactNode } from "react";

/** What SchemaForm hands every field through rjsf's formContext. */
export interface SchemaFormContext {
  /** Extra content under a field, e.g. a "View existing patient" link under a taken MRN. */
  fieldAddons?: Record<string, ReactNode>;
}

const mantineTemplates = generateTemplates();
const MantineFieldTemplate = mantineTemplates.FieldTemplate as (props: FieldTemplateProps) => ReactNode;

/** The Mantine field template, plus the page's addon for the field, rendered right under it. */
function FieldTemplateWithAddon(props: FieldTemplateProps) {
  const field = props.fieldPathId.path[0];
  const context = props.registry.formContext as SchemaFormContext | undefined;
  const addon = typeof field === "string" ? context?.fieldAddons?.[field] : undefined;
  if (!addon) return <MantineFieldTemplate {...props} />;
  return (
    <MantineFieldTemplate {...props}>
      <div>
        {props.children}
        <div className="schema-form-addon">{addon}</div>
      </div>
    </MantineFieldTemplate>
  );
}

const MantineBaseInputTemplate = mantineTemplates.BaseInputTemplate as (props: BaseInputTemplateProps) => ReactNode;

/** An empty field is "" to React, never undefined, so the input stays controlled from the start. */
function ControlledBaseInputTemplate(props: BaseInputTemplateProps) {
  return <MantineBaseInputTemplate {...props} value={props.value ?? ""} />;
}

/**
 * Mantine inputs show their own error under the field. The theme's error template repeats it in
 * a hidden list, which finding the message by its text (people, tests) would meet twice.
 */
function NoFieldErrorList() {
  return null;
}

export const formTemplates: Partial<TemplatesType> = {
  ...mantineTemplates,
  BaseInputTemplate: ControlledBaseInputTemplate,
  FieldErrorTemplate: NoFieldErrorList,
  FieldTemplate: FieldTemplateWithAddon,
};
