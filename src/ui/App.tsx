export function App() {
  return <h1>ShardScope</h1>;
}
