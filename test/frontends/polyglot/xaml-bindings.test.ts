import { describe, expect, it } from 'vitest';
import { scanProject, sites, tempProjectDir } from './support';
import { writeTree } from '../../cli/helpers';

/**
 * A view model's members set from reads of removed response fields (`Advice = result.Advice;`, `foreach (var t in
 * result.Test) Tests.Add(t);`): their declarations, and the XAML bindings of a page whose `x:DataType` is that view
 * model (`{Binding Advice}`, `ItemsSource="{Binding Tests}"`), are sites for a person. A helpdesk view model's `Advice`
 * set from a ticket, bound by its own page, is not; nor is a binding inside an item template of another type.
 */
const dir = tempProjectDir();

const CLIENT = [
  'namespace App.Services;',
  '',
  'public class ResultDto',
  '{',
  '    public string? Advice { get; set; }',
  '    public List<string>? Test { get; set; }',
  '    public string? Level { get; set; }',
  '}',
  '',
  'public class SymptomCheckerClient',
  '{',
  '    public async Task<ResultDto> GetResultAsync(string token)',
  '    {',
  '        return await _http.GetFromJsonAsync<ResultDto>($"https://www.buoyhealth.com/api/results/{token}/");',
  '    }',
  '}',
].join('\n');

const VIEW_MODEL = [
  'namespace App.ViewModels;',
  '',
  'public partial class ResultViewModel : ObservableObject',
  '{',
  '    private readonly SymptomCheckerClient _client;',
  '    [ObservableProperty] private string? level;',
  '    [ObservableProperty] private string? advice;',
  '',
  '    public ObservableCollection<string> Tests { get; } = new();',
  '',
  '    private async Task LoadAsync(string token)',
  '    {',
  '        var result = await _client.GetResultAsync(token);',
  '        Level = result.Level;',
  '        Advice = result.Advice;',
  '        foreach (var test in result.Test ?? new List<string>())',
  '        {',
  '            Tests.Add(test);',
  '        }',
  '    }',
  '}',
].join('\n');

const PAGE = [
  '<ContentPage xmlns="http://schemas.microsoft.com/dotnet/2021/maui"',
  '             xmlns:x="http://schemas.microsoft.com/winfx/2009/xaml"',
  '             xmlns:vm="clr-namespace:App.ViewModels"',
  '             x:DataType="vm:ResultViewModel">',
  '    <VerticalStackLayout>',
  '        <Label Text="{Binding Level}" />',
  '        <Label Text="{Binding Advice}" />',
  '        <CollectionView ItemsSource="{Binding Tests}">',
  '            <CollectionView.ItemTemplate>',
  '                <DataTemplate>',
  '                    <Label Text="{Binding Advice}" />',
  '                </DataTemplate>',
  '            </CollectionView.ItemTemplate>',
  '        </CollectionView>',
  '        <Label Text="{Binding Path=Advice, StringFormat=\'Advice: {0}\'}" />',
  '    </VerticalStackLayout>',
  '</ContentPage>',
].join('\n');

describe('XAML bindings of view-model members set from removed fields', () => {
  it('the members\' declarations and the page\'s bindings are sites; an item template\'s binding is not', async () => {
    writeTree(dir(), {
      'src/Services/SymptomCheckerClient.cs': CLIENT,
      'src/ViewModels/ResultViewModel.cs': VIEW_MODEL,
      'src/Views/ResultPage.xaml': PAGE,
    });
    const r = await scanProject(dir());
    expect(sites(r, 'src/ViewModels/ResultViewModel.cs')).toEqual(['15 result-advice-test-removed', '16 result-advice-test-removed', '7 result-advice-test-removed', '9 result-advice-test-removed']);
    expect(sites(r, 'src/Views/ResultPage.xaml')).toEqual(['15 result-advice-test-removed', '7 result-advice-test-removed', '8 result-advice-test-removed']);
    const after = r.outcomes.find((o) => o.relPath === 'src/Views/ResultPage.xaml')?.after ?? '';
    expect(after).toContain('<!-- TODO(sc-migrate/result-advice-test-removed)');
    expect(after.split('\n').filter((l) => l.includes('{Binding') && !l.trim().startsWith('<!--')).length).toBe(5);
  });

  it("a helpdesk view model's `Advice` set from a ticket, and its page's binding, are not", async () => {
    writeTree(dir(), {
      'src/Services/SymptomCheckerClient.cs': CLIENT,
      'src/ViewModels/ResultViewModel.cs': VIEW_MODEL,
      'src/ViewModels/FeedbackViewModel.cs': [
        'namespace App.ViewModels;',
        '',
        'public partial class FeedbackViewModel : ObservableObject',
        '{',
        '    private readonly HelpdeskClient _helpdesk;',
        '    [ObservableProperty] private string? advice;',
        '',
        '    private async Task SendAsync()',
        '    {',
        '        var ticket = await _helpdesk.OpenTicketAsync(Subject);',
        '        Advice = ticket.Advice;',
        '    }',
        '}',
      ].join('\n'),
      'src/Views/FeedbackPage.xaml': PAGE.replace('vm:ResultViewModel', 'vm:FeedbackViewModel'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'src/ViewModels/FeedbackViewModel.cs')).toEqual([]);
    expect(sites(r, 'src/Views/FeedbackPage.xaml')).toEqual([]);
  });

  it('a member set from a test of a removed field, or with a fallback that still gives a value, is not one', async () => {
    writeTree(dir(), {
      'src/Services/SymptomCheckerClient.cs': CLIENT,
      'src/ViewModels/ResultViewModel.cs': [
        'namespace App.ViewModels;',
        '',
        'public partial class ResultViewModel : ObservableObject',
        '{',
        '    private readonly SymptomCheckerClient _client;',
        '    [ObservableProperty] private string? level;',
        '    [ObservableProperty] private string? summary;',
        '',
        '    private async Task LoadAsync(string token)',
        '    {',
        '        var result = await _client.GetResultAsync(token);',
        '        Level = result.Advice != null ? result.Level : "unknown";',
        '        Summary = result.Advice ?? result.Level;',
        '    }',
        '}',
      ].join('\n'),
      'src/Views/ResultPage.xaml': PAGE.replace('{Binding Advice}', '{Binding Summary}'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'src/ViewModels/ResultViewModel.cs')).toEqual(['12 result-advice-test-removed', '13 result-advice-test-removed']);
    expect(sites(r, 'src/Views/ResultPage.xaml')).toEqual([]);
  });

  it("a path through the view model's members (Prism, no x:DataType) is read with PascalCase names as the JSON keys", async () => {
    writeTree(dir(), {
      'src/Services/SymptomCheckerClient.cs': CLIENT,
      'src/Views/InterviewPage.xaml': [
        '<ContentPage xmlns="http://xamarin.com/schemas/2014/forms"',
        '             xmlns:prism="http://prismlibrary.com"',
        '             prism:ViewModelLocator.AutowireViewModel="True">',
        '    <StackLayout>',
        '        <Label Text="{Binding Interview.Profile.Bmi, StringFormat=\'BMI: {0:F1}\'}" />',
        '        <Label Text="{Binding Result.TriageExplanation.PotentialCondition.Triage.Level}" />',
        '        <Label Text="{Binding Ticket.Advice}" />',
        '        <Label Text="{Binding Interview.Profile.Age}" />',
        '    </StackLayout>',
        '</ContentPage>',
      ].join('\n'),
    });
    const r = await scanProject(dir());
    expect(sites(r, 'src/Views/InterviewPage.xaml')).toEqual(['5 interview-profile-fields-removed', '6 potential-condition-triage-removed']);
  });
});
