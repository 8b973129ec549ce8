/**
 * A valibot schema or pipe action as valibot builds it: plain objects, read by
 * their `type`. The build (leaving out empty optional values) and the editor
 * (deriving its fields) walk the content schemas through this one shape.
 */
export interface SchemaNode {
  kind: "schema" | "validation" | "transformation" | "metadata";
  type: string;
  entries?: Record<string, SchemaNode>;
  item?: SchemaNode;
  items?: SchemaNode[];
  rest?: SchemaNode;
  wrapped?: SchemaNode;
  options?: readonly unknown[];
  pipe?: SchemaNode[];
  requirement?: unknown;
  message?: unknown;
  title?: string;
  description?: string;
  metadata?: Record<string, unknown>;
}
