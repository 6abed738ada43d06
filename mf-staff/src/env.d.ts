// CSS Modules: webpack's css-loader (and Jest's identity proxy) hand back a map of class names.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
