/** Placeholder until the renderer lands; the module face already names it. */
export interface Style {
  theme: 'print' | 'screen';
  labels: boolean;
}

export interface Scene {
  width: number;
  height: number;
}
