// CSS Modules: webpack's css-loader (and identity-obj-proxy under Jest) turn each class into a string.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
