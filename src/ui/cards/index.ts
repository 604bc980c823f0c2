export { CardColumnsContext, CardFieldsContext, CardReplicasContext } from './cardFields';
export { ReplicaCard } from './ReplicaCard';
export { ReplicaCards } from './ReplicaCards';
