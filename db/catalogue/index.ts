export { builtInEquipmentTypes, type EquipmentTypeData, type EquipmentCategory, type TransportMode } from './equipment-types.ts';
export { demoCargoLibrary, type DemoCargoItem } from './demo-cargo-library.ts';
