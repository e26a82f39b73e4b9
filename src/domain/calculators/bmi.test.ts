import { describeFormSchema } from '../../../tests/helpers/form-schema-cases';
import { describe, expect, it } from 'vitest';
import { bmiInputSchema, bmiResultFromValue, calculateBmi } from './bmi';
import { fieldMessages } from './fields';

describe('calculateBmi', () => {
  it('computes a normal BMI', () => {
    // 5 ft 9 in = 69 in × 0.0254 = 1.7526 m; m² = 3.07160676; 70 / 3.07160676 = 22.7894 → 22.79
    expect(calculateBmi({ heightFeet: 5, heightInches: 9, weightKg: 70 })).toEqual({
      kind: 'bmi',
      display: '22.79',
      value: 22.79,
      category: 'Normal',
    });
  });

  it('treats blank inches as 0', () => {
    // 6 ft = 72 in = 1.8288 m; m² = 3.34450944; 100 / 3.34450944 = 29.8998 → 29.90
    expect(calculateBmi({ heightFeet: 6, heightInches: 0, weightKg: 100 })).toMatchObject({
      display: '29.90',
      category: 'Overweight',
    });
  });

  it('computes an underweight BMI', () => {
    // 5 ft 6 in = 66 in = 1.6764 m; m² = 2.81031696; 50 / 2.81031696 = 17.7916 → 17.79
    expect(calculateBmi({ heightFeet: 5, heightInches: 6, weightKg: 50 })).toMatchObject({
      display: '17.79',
      category: 'Underweight',
    });
  });

  it('decides the category on the rounded value a user sees', () => {
    // 6 ft, 83.6 kg: 83.6 / 3.34450944 = 24.99619 → shows 25.00 → Overweight, not Normal
    expect(calculateBmi({ heightFeet: 6, heightInches: 0, weightKg: 83.6 })).toMatchObject({
      display: '25.00',
      category: 'Overweight',
    });
    // 5 ft 6 in, 84.3 kg: 84.3 / 2.81031696 = 29.99662 → shows 30.00 → Obese
    expect(calculateBmi({ heightFeet: 5, heightInches: 6, weightKg: 84.3 })).toMatchObject({
      display: '30.00',
      category: 'Obese',
    });
    // 5 ft 1 in = 1.5494 m; m² = 2.40064036; 44.4 / 2.40064036 = 18.49507 → shows 18.50 → Normal
    expect(calculateBmi({ heightFeet: 5, heightInches: 1, weightKg: 44.4 })).toMatchObject({
      display: '18.50',
      category: 'Normal',
    });
  });

  it.each([
    [{ heightFeet: 0, heightInches: 0, weightKg: 70 }],
    [{ heightFeet: 5, heightInches: 9, weightKg: 0 }],
  ])('gives no result without a positive height and weight: %j', (input) => {
    expect(calculateBmi(input)).toBeNull();
  });

  it('accepts height given only in inches', () => {
    // 0 ft 11 in = 0.2794 m is still a positive height; 20 / 0.07806436 = 256.20
    expect(calculateBmi({ heightFeet: 0, heightInches: 11, weightKg: 20 })?.display).toBe('256.20');
  });
});

describe('BMI category boundaries', () => {
  it.each([
    [18.49, '18.49', 'Underweight'],
    [18.5, '18.50', 'Normal'],
    [24.99, '24.99', 'Normal'],
    [25, '25.00', 'Overweight'],
    [29.99, '29.99', 'Overweight'],
    [30, '30.00', 'Obese'],
    [24.996, '25.00', 'Overweight'],
    [24.994, '24.99', 'Normal'],
    [18.4951, '18.50', 'Normal'],
    [18.4949, '18.49', 'Underweight'],
    [29.996, '30.00', 'Obese'],
  ])('BMI %d shows %s and is %s', (bmi, display, category) => {
    expect(bmiResultFromValue(bmi)).toMatchObject({ display, category });
  });
});

const valid = { heightFeet: '5', heightInches: '', weightKg: '70' };

describeFormSchema('bmiInputSchema', bmiInputSchema, {
  valid,
  parses: {
    title: 'parses text and reads blank inches as 0',
    to: { heightFeet: 5, heightInches: 0, weightKg: 70 },
  },
  rejects: [
    ['heightFeet', '', 'Enter your height in feet'],
    ['heightFeet', '-5', fieldMessages.negative],
    ['heightFeet', '10', 'Height must be 9 feet or less'],
    ['heightInches', '12', 'Inches must be less than 12'],
    ['heightInches', 'ten', fieldMessages.notNumber],
    ['weightKg', '', 'Enter your weight in kg'],
    ['weightKg', '70kg', fieldMessages.notNumber],
    ['weightKg', '501', 'Weight must be 500 kg or less'],
  ],
});
